import CFaultVFS
import Testing

/// Holds the process-wide faultvfs claim while the suite runs: the VFS's crash and fault state is
/// global, and the CFaultVFSTests suites use it too, in parallel, in the same process.
struct ExclusiveFaultVFS: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Polled rather than blocking, so that waiting never ties up one of the few pool threads.
        while faultvfs_try_claim() == 0 {
            try await Task.sleep(for: .milliseconds(20))
        }
        defer { faultvfs_release_claim() }
        #expect(faultvfs_register(0) == SQLITE_OK)
        faultvfs_reset()
        defer { faultvfs_reset() }
        try await function()
    }
}

extension Trait where Self == ExclusiveFaultVFS {
    /// Runs the suite while no other suite uses faultvfs.
    static var exclusiveFaultVFS: Self { Self() }
}
