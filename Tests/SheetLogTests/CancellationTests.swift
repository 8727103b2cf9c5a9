import Foundation
import SheetLog
import SheetLogTestSupport
import Testing

/// The jobs that read the whole log stop when their task is cancelled, and change nothing: an app
/// that leaves a screen, or a CLI interrupted, does not keep a thread busy for the whole file.
@Suite("Long jobs and cancellation")
struct CancellationTests {
    /// A file with a few sessions, enough events for several chunks of the export's reads.
    static func database(in directory: TemporaryDirectory) async throws -> SheetLogDatabase {
        let database = try SheetLogDatabase.open(path: directory.path())
        for session in 0..<3 {
            var commands = [CommandEnvelope(session: "s\(session)", command: .present(presentation: "p", route: Route(name: "note")))]
            for index in 0..<800 {
                commands.append(CommandEnvelope(session: "s\(session)", command: .edit(field: "text", value: .number(Double(index)))))
            }
            _ = try await database.record(commands, states: .afterBatch)
        }
        return database
    }

    /// Runs `job` in a task that is cancelled before the job starts.
    static func cancelled<T: Sendable>(_ job: @escaping @Sendable () async throws -> T) async -> Result<T, any Error> {
        let task = Task { () async throws -> T in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await job()
        }
        return await task.result
    }

    @Test("export, verify and rebuild of a cancelled task throw CancellationError; the log verifies after")
    func cancelledJobsStop() async throws {
        let directory = try TemporaryDirectory("cancel")
        let database = try await Self.database(in: directory)
        let before = try await database.exportCommands().count

        let export = await Self.cancelled { try await database.exportCommands() }
        #expect(throws: CancellationError.self) { try export.get() }
        let verify = await Self.cancelled { try await database.verify() }
        #expect(throws: CancellationError.self) { try verify.get() }
        let rebuild = await Self.cancelled { try await database.rebuildProjections() }
        #expect(throws: CancellationError.self) { try rebuild.get() }

        let report = try await database.verify()
        #expect(report.isHealthy)
        #expect(try await database.exportCommands().count == before)
    }
}
