import Foundation
import GRDB
import SheetLogTestSupport
import Testing

/// A file with none of SheetLog's tables is named as not a SheetLog database by the reading commands
/// and by `sheetlog-server serve`, not as one that lacks a migration.
@Suite("reading a file that is not a SheetLog database")
struct CLINotSheetLogFileTests {
    @Test("a 0-byte file and an SQLite file of another app: \"is not a SheetLog database\", exit 1", arguments: [false, true])
    func notSheetLog(otherApp: Bool) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-foreign-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("other.sqlite").path
        if otherApp {
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)") }
            try queue.close()
        } else {
            FileManager.default.createFile(atPath: path, contents: Data())
        }
        let runs = [
            try CLIHarness.run(["--db", path, "audit"]),
            try ProductBinary.run(ProductBinary.url("sheetlog-server"), ["serve", "--db", path, "--port", "0"]),
        ]
        for run in runs {
            #expect(run.status == 1)
            #expect(run.stderr.contains("\(path) is not a SheetLog database"), "\(run.stderr)")
            #expect(!run.stderr.contains("migrat"), "\(run.stderr)")
        }
    }

    /// Found by a tester: `ingest` used to migrate another app's database, adding SheetLog's tables
    /// beside its own even when every line was refused.
    @Test("ingest and demo leave another app's SQLite file as it was: \"is not a SheetLog database\", exit 1",
          arguments: [["ingest"], ["ingest", "--each"], ["demo"]])
    func writingRefusesAnotherAppsDatabase(command: [String]) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-foreign-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("other.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)") }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let line = #"{"session":"s1","type":"present","presentation":"note","route":{"name":"note"}}"# + "\n"
        let run = try CLIHarness.run(["--db", path] + command, input: Data(line.utf8))
        #expect(run.status == 1, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("\(path) is not a SheetLog database"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let tables = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master ORDER BY name") }
        #expect(tables == ["notes"])
    }
}
