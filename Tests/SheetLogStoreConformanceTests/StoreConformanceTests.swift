import SheetLogStoreConformance
import Testing

/// Every check of ``StoreConformance`` against every ``StoreKind``.
@Suite struct StoreConformanceTests {
    // A check takes seconds alone; the limit only catches a hang (a whole suite on 2 cores once took
    // a subscription check past one minute).
    @Test(.timeLimit(.minutes(8)), arguments: StoreKind.allCases, StoreConformance.checks)
    func conformance(kind: StoreKind, check: StoreCheck) async throws {
        try await check.run(kind.factory)
    }
}
