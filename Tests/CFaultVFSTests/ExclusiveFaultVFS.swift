import CFaultVFS
import Testing

/// Holds the process-wide faultvfs claim while the suite it is attached to runs, because suites of
/// other test targets (the reliability tiers) use the same global crash and fault state.
struct ExclusiveFaultVFS: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Polled rather than blocking, so that waiting never ties up one of the few pool threads.
        while faultvfs_try_claim() == 0 {
            try await Task.sleep(for: .milliseconds(20))
        }
        defer { faultvfs_release_claim() }
        try await function()
    }
}

extension Trait where Self == ExclusiveFaultVFS {
    /// Runs the suite while no other suite uses faultvfs.
    static var exclusiveFaultVFS: Self { Self() }
}
