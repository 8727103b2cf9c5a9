import Foundation
import GRDB
import Testing

/// `sheetlog ingest` builds a new file in a hidden staged copy; killed with SIGKILL while it does,
/// it leaves that copy (and its WAL) behind. The next ingest of the same file removes it.
@Suite("an ingest killed while it stages a new file")
struct KilledStagingIngestTests {
    @Test("its staged files are removed by the next ingest, which creates the file with its own lines alone")
    func nextIngestRemovesTheStagedFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-staged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("log.sqlite").path
        var lines = [#"{"session":"big","type":"present","presentation":"p","route":{"name":"n"}}"#]
        lines += (0..<20_000).map { #"{"session":"big","type":"edit","field":"f","value":"mk-killed-\#($0)"}"# }
        let input = directory.appendingPathComponent("big.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: input)
        func staged() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("sheetlog-new") }
        }

        let killed = try ChildProcess(held: ["--db", path, "ingest", input.path])
        try killed.release()
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(120)
        while try staged().isEmpty && killed.isRunning && clock.now < deadline { usleep(2_000) }
        killed.killNow()
        _ = killed.wait()
        let left = try staged()
        try #require(!left.isEmpty, "the ingest ended before its staged file was seen; nothing to test")
        #expect(!FileManager.default.fileExists(atPath: path), "killed before it put the file in place")

        let small = directory.appendingPathComponent("small.jsonl")
        try Data((#"{"session":"next","type":"present","presentation":"q","route":{"name":"n"}}"# + "\n").utf8).write(to: small)
        let second = try ChildProcess(held: ["--db", path, "ingest", small.path])
        try second.release()
        let result = second.wait()
        #expect(result.status == 0, "\(result.stderr)")
        let after = try staged()
        #expect(after.isEmpty, "left behind: \(after)")
        let streams = try DatabaseQueue(path: path).read { db in try String.fetchAll(db, sql: "SELECT stream FROM events") }
        #expect(streams == ["next"], "only the second ingest's line is in the file")
    }
}
