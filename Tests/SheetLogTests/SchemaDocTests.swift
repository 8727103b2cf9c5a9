import Foundation
import GRDB
import SheetLog
import SheetLogTestSupport
import Testing

/// docs/schema.md documents the database as a public interface: every table and view of a new
/// database has a section there listing every one of its columns, and the page lists no other.
@Suite struct SchemaDocTests {
    @Test func everyTableAndViewWithEveryColumnIsDocumented() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        try SheetLogDatabase.open(path: path).close()
        let schema: [String: [String]] = try DatabaseQueue(path: path).read { db in
            let names = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name
                """)
            var columns: [String: [String]] = [:]
            for name in names { columns[name] = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [name]) }
            return columns
        }
        #expect(schema.keys.contains("events") && schema.keys.contains("recoverable_drafts"))

        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/schema.md"), encoding: .utf8)
        var documented: [String: Set<String>] = [:]
        var current: String?
        for line in page.components(separatedBy: "\n") {
            if line.hasPrefix("#") {
                current = line.hasPrefix("### `") ? String(line.dropFirst(5).prefix { $0 != "`" }) : nil
                if let current { documented[current] = [] }
            } else if let current, line.hasPrefix("| `") {
                documented[current]!.insert(String(line.dropFirst(3).prefix { $0 != "`" }))
            }
        }
        #expect(Set(documented.keys) == Set(schema.keys), "the tables and views of docs/schema.md's \"Every column\"")
        for (name, columns) in schema {
            #expect(documented[name] == Set(columns), "the columns of \(name)")
        }
    }
}
