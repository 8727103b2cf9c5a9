import Foundation
import SheetLog
import SheetLogTestSupport
import Testing

/// `close()` promises that a file's last connection checkpoints the WAL into the file and removes
/// the `-wal` file: an app that closes its database leaves one file behind.
@Suite struct CloseCheckpointsTests {
    @Test func closingTheLastHandleLeavesNoWAL() async throws {
        let directory = try TemporaryDirectory("close-wal")
        let path = directory.path("log.sqlite")
        let database = try SheetLogDatabase.open(path: path, options: testOptions())
        try await database.record(.present(presentation: "p1", route: Route(name: "note")), in: "s1")
        for index in 0..<200 { try await database.record(.edit(field: "text", value: .string("v\(index)")), in: "s1") }
        _ = try await database.recoverableDrafts()
        _ = try await database.audit()
        #expect(FileManager.default.fileExists(atPath: path + "-wal"), "the WAL exists while the database is open")
        try database.close()
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? nil
        #expect(wal == nil, "a -wal of \(wal ?? 0) bytes is left after close()")
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"), "the -shm is removed too")
        // The file holds every event on its own.
        let reopened = try SheetLogDatabase.openForReading(path: path)
        #expect(try await reopened.state(of: "s1").presentation("p1")?.values["text"] == "v199")
        try reopened.close()
    }
}
