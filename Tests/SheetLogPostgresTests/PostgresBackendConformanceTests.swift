import SheetLogBackendConformance
import SheetLogCore
import SheetLogDomain
import SheetLogPostgres
import SheetLogStorage
import SheetLogStoreConformance
import Testing

/// Every check of ``BackendConformance`` against ``PostgresBackend``: each check on a database of its
/// own, on a device that shares it with a bystander device holding a session of its own, and a
/// second backend on the same device for `openAnother` (another process of the fleet).
@Suite(.serialized) struct PostgresBackendConformanceTests {
    static let factory = BackendFactory { limits in
        let clock = ManualClock()
        let url = try await TestFleet.migratedURL()
        let device = TestFleet.device("backend")
        // Another device's log and rows in the same tables: every check also proves that devices are kept apart.
        let bystander = try await PostgresBackend.open(url: url, device: "bystander")
        var script = SheetScript()
        let present = try script.batch(.present(presentation: "p", route: Route(name: "newExpense")), in: "s")
        _ = try await bystander.append { _ in DecidedAppend(batches: [present], plan: ()) }
        try bystander.close()
        let backend = try await PostgresBackend.open(url: url, device: device, limits: limits, clock: clock)
        return BackendFixture(
            backend: backend, clock: clock,
            openAnother: { try await PostgresBackend.open(url: url, device: device, limits: limits, clock: clock) })
    }

    @Test(.timeLimit(.minutes(8)), arguments: BackendConformance.checks)
    func conformance(check: BackendCheck) async throws {
        try await check.run(Self.factory)
    }
}
