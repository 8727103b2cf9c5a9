import Foundation
import GRDB
import SheetLog
import SheetLogTestSupport
import Synchronization
import Testing

/// Long jobs cancelled while they run, once they have read their first chunk of a log of three: they
/// stop with `CancellationError`, and leave the file as it was.
@Suite("Long jobs cancelled while they run")
struct MidJobCancellationTests {
    /// The task a chunk cancels, set once it runs; chunks before that (the set-up's) cancel nothing.
    final class Canceller: Sendable {
        let task = Mutex<Task<Void, Never>?>(nil)
        let chunks = Mutex(0)

        func chunkRead() {
            let task = self.task.withLock { $0 }
            guard let task else { return }
            chunks.withLock { $0 += 1 }
            task.cancel()
        }

        /// Runs `job` in a task that the job's first chunk cancels; what it threw (nil if nothing) and
        /// how many chunks it read.
        func run(_ job: @escaping @Sendable () async throws -> Void) async -> (error: (any Error)?, chunks: Int) {
            chunks.withLock { $0 = 0 }
            let thrown = Mutex<(any Error)?>(nil)
            let (gate, open) = AsyncStream<Void>.makeStream()
            let running = Task {
                for await _ in gate { break }  // until the task is known to the chunks
                do { try await job() } catch { thrown.withLock { $0 = error } }
            }
            task.withLock { $0 = running }
            open.yield()
            await running.value
            task.withLock { $0 = nil }
            return (thrown.withLock { $0 }, chunks.withLock { $0 })
        }
    }

    /// The projection tables as rows of text, in a stable order.
    static func projections(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try ["sessions", "presentations", "dismissals"].flatMap { table in
                try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1, 2").map { "\(table) \($0)" }
            }
        }
    }

    @Test("export, verify and rebuild stop after their first chunk; the file verifies and its projections equal a rebuild")
    func jobsStopMidway() async throws {
        let directory = try TemporaryDirectory("mid-job-cancel")
        let path = directory.path()
        let filled = try await CancellationTests.database(in: directory)
        let expectedExport = try await filled.exportCommands().count
        try filled.close()

        let canceller = Canceller()
        let database = SheetLogDatabase(
            backend: try ObservedBackend(path: path) { canceller.chunkRead() }, options: .init(), path: path)
        let before = try Self.projections(path)

        // Each job reads one chunk of the three the log holds, and no other.
        let export = await canceller.run { _ = try await database.exportCommands() }
        #expect(export.error is CancellationError, "\(String(describing: export.error))")
        #expect(export.chunks == 1)
        let verify = await canceller.run { _ = try await database.verify() }
        #expect(verify.error is CancellationError, "\(String(describing: verify.error))")
        #expect(verify.chunks == 1)
        let rebuild = await canceller.run { try await database.rebuildProjections() }
        #expect(rebuild.error is CancellationError, "\(String(describing: rebuild.error))")
        #expect(rebuild.chunks == 1)

        let report = try await database.verify()
        #expect(report.isHealthy, "\(report.checks)")
        #expect(try Self.projections(path) == before)
        try await database.rebuildProjections()
        #expect(try Self.projections(path) == before)
        #expect(try await database.exportCommands().count == expectedExport)
        try database.close()
    }
}
