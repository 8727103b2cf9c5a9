import PostgresNIO
@testable import SheetLogPostgres
import Testing

/// `PostgresConnection.untilClosed`, the watch that ends an import when its connection closes: it
/// must also pass on the cancellation of the task that called it, even when that came first.
@Suite struct UntilClosedTests {
    @Test func aTaskCancelledBeforeTheWatchStartsCancelsItsBody() async throws {
        let url = try await TestFleet.freshURL()
        let seen = try await TestFleet.withConnection(url) { connection in
            let caller = Task {
                // Cancelled before the watch runs (as a command interrupted while it connects).
                withUnsafeCurrentTask { $0?.cancel() }
                return try await connection.untilClosed({ CancellationError() }) { _ in Task.isCancelled }
            }
            return try await caller.value
        }
        #expect(seen, "the body ran as if nobody had cancelled it")
    }

    @Test func aTaskCancelledWhileTheBodyRunsCancelsIt() async throws {
        let url = try await TestFleet.freshURL()
        let seen = try await TestFleet.withConnection(url) { connection in
            let caller = Task {
                try await connection.untilClosed({ CancellationError() }) { _ in
                    // Until cancelled, at most 30 s.
                    for _ in 0..<3_000 where !Task.isCancelled { try? await Task.sleep(for: .milliseconds(10)) }
                    return Task.isCancelled
                }
            }
            try await Task.sleep(for: .milliseconds(50))
            caller.cancel()
            return try await caller.value
        }
        #expect(seen)
    }
}
