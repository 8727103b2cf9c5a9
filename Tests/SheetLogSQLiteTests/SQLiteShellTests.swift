import Foundation
import SheetLogSQLite
import Testing
import SheetLogTestSupport

@Suite("The sqlite3 shell on a SheetLog file")
struct SQLiteShellTests {
    static let shell = "/usr/bin/sqlite3"

    @Test("json_extract reads payload fields and an UPDATE is refused",
          .enabled(if: FileManager.default.isExecutableFile(atPath: shell), "no /usr/bin/sqlite3 on this machine"))
    func shellQueriesTheLog() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("log.sqlite")
        let store = try SQLiteEventStore(path: path)
        _ = try await store.append([event("e1", type: "edit", field: "amount"), event("e2", type: "save", field: "note")],
                                   to: "s1", expecting: .noStream)

        let query = try run(path, "SELECT type, json_extract(payload,'$.field') FROM events ORDER BY position;")
        #expect(query.status == 0)
        #expect(query.output == "edit|amount\nsave|note\n")

        let update = try run(path, "UPDATE events SET type = 'forged';")
        #expect(update.status != 0)
        #expect(update.error.contains("events are append-only"))
        #expect(try await store.readAll().map(\.type) == ["edit", "save"])
    }

    private func run(_ path: String, _ sql: String) throws -> (status: Int32, output: String, error: String) {
        let run = try ProductBinary.run(URL(fileURLWithPath: Self.shell), [path, sql])
        return (run.status, run.stdout, run.stderr)
    }
}
