import SheetLogBackendConformance
import Testing

/// Every check of ``BackendConformance`` against every ``BackendKind``.
@Suite struct BackendConformanceTests {
    @Test(.timeLimit(.minutes(8)), arguments: BackendKind.allCases, BackendConformance.checks)
    func conformance(kind: BackendKind, check: BackendCheck) async throws {
        try await check.run(kind.factory)
    }
}
