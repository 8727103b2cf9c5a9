import Foundation
import SheetLogServer
import SheetLogCore
import Testing

/// `Deadline.within`, the deadline of a push's token check and store and of the viewer's fleet
/// reads: it answers at the deadline even when the work does not heed its cancellation (a statement
/// on a connection the server's stop cut off), so no request outlives it and a graceful stop never
/// waits for one.
@Suite struct FleetDeadlineTests {
    /// Work that ignores cancellation and ends only when the test lets it go.
    final class Stuck: Sendable {
        private let waiting = LockedBox<CheckedContinuation<Void, Never>?>(nil)

        func wait() async {
            await withCheckedContinuation { continuation in waiting.withLock { $0 = continuation } }
        }

        func release() {
            waiting.withLock { continuation in
                continuation?.resume()
                continuation = nil
            }
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func theBodysValueComesBackBeforeTheDeadline() async throws {
        #expect(try await Deadline.within(.seconds(30), "test") { 42 } == 42)
        let failure = await #expect(throws: SheetLogError.self) {
            try await Deadline.within(.seconds(30), "test") { () async throws -> Int in
                throw SheetLogError(.storage, "inner", context: .init(operation: "test"))
            }
        }
        #expect(failure?.message == "inner")
    }

    @Test(.timeLimit(.minutes(5)))
    func workThatIgnoresItsCancellationIsNotWaitedForPastTheDeadline() async throws {
        let stuck = Stuck()
        defer { stuck.release() }
        let failure = await #expect(throws: SheetLogError.self) {
            try await Deadline.within(.seconds(1), "token check") { await stuck.wait() }
        }
        #expect(failure?.code == .connectionFailed)
        #expect(failure?.message == "the fleet store did not answer token check within 1 s")
    }

    @Test(.timeLimit(.minutes(5)))
    func theCallersCancellationEndsTheWaitAtOnce() async throws {
        let stuck = Stuck()
        defer { stuck.release() }
        let waiting = Task { try await Deadline.within(.seconds(600), "push") { await stuck.wait() } }
        try await Task.sleep(for: .milliseconds(100))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
