import Foundation
import SheetLogTestSupport
import Testing

/// A sample of the same mutations through `sheetlog ingest` (its entry function, in this process):
/// exit code 1, the error names the line, and the database file holds exactly what it held before.
///
/// "Exactly" is compared row by row, not byte by byte: every open of a file through GRDB's
/// `DatabasePool` creates and drops a table to make sure the WAL exists, which bumps the schema
/// cookie (and may add a free page) even when nothing is recorded.
@Suite("sheetlog ingest rejects mutated lines and leaves the file unchanged")
struct BadLineCLITests {
    @Test("20 mutations of every kind, each in the middle of a file of good lines")
    func mutatedLinesThroughTheCommand() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-badinput-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("log.sqlite").path
        let setup = directory.appendingPathComponent("setup.jsonl")
        try Data((LineScenario.allSetupLines.joined(separator: "\n") + "\n").utf8).write(to: setup)
        let created = try InProcessCommand.run(.sheetlog, ["--db", database, "ingest", setup.path])
        try #require(created.status == 0, "\(created.stderr)")
        let before = try DatabaseSnapshot.read(path: database)
        #expect(before.eventCount > 20)

        for run in 0..<20 {
            let mutation = LineMutation.allCases[run % LineMutation.allCases.count]
            var mutator = LineMutator(seed: 7_919 * (run + 1))
            let bad = mutator.mutate(LineScenario.all[(run * 7) % LineScenario.all.count], mutation)
            let fillersBefore = 1 + run % 3
            let lines = BadInputFixture.fillers(fillersBefore, from: 0) + [bad.bytes] + BadInputFixture.fillers(2, from: 10)
            let input = directory.appendingPathComponent("bad-\(run).jsonl")
            try Data(lines.joined(separator: [0x0A]) + [0x0A]).write(to: input)

            let result = try InProcessCommand.run(.sheetlog, ["--db", database, "ingest", input.path])
            #expect(result.status == 1, "\(bad.summary)")
            #expect(result.stderr.hasPrefix("sheetlog: line \(fillersBefore + 1): "), "\(bad.summary): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(bad.summary)")
            #expect(try DatabaseSnapshot.read(path: database) == before, "\(bad.summary)")
        }
    }
}
