import SheetLogStoreConformance
import Testing

/// Every check of ``StoreConformance`` against every ``StoreKind``.
@Suite struct StoreConformanceTests {
    @Test(.timeLimit(.minutes(1)), arguments: StoreKind.allCases, StoreConformance.checks)
    func conformance(kind: StoreKind, check: StoreCheck) async throws {
        try await check.run(kind.factory)
    }
}
