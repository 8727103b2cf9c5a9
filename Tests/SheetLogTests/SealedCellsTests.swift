import Foundation
import GRDB
import SheetLog
import SheetLogCore
import SheetLogDomain
import SheetLogJSON
import SheetLogSQLite
import SheetLogTestSupport
import Testing

/// The read models of a sealed database hold the bytes each value's event holds (recording seals a
/// value once), name where they were sealed, open only there, and an older file's cells are
/// rewritten so without its key.
@Suite("sealed read-model cells")
struct SealedCellsTests {
    /// Every sealed cell of `presentations`: session, presentation, column, field and text.
    static func cells(_ db: Database) throws -> [(session: String, presentation: String, column: String, field: String, text: String)] {
        var cells: [(String, String, String, String, String)] = []
        for row in try Row.fetchAll(db, sql: "SELECT session, presentation, baseline, draft_values FROM presentations ORDER BY 1, 2") {
            for (index, column) in ["baseline", "draft_values"].enumerated() {
                guard case .object(let members) = try JSONValue.parse(row[2 + index] as String) else { continue }
                for member in members { cells.append((row[0], row[1], column, member.key, try #require(member.value.string))) }
            }
        }
        return cells
    }

    static func presentationRows(_ db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: "SELECT * FROM presentations ORDER BY session, presentation").map(\.description)
    }

    @Test("each cell is the sealed text its event's payload holds, and names that event; nothing is sealed a second time")
    func cellsAreTheEventsBytes() async throws {
        let directory = try TemporaryDirectory("sealed-cells")
        let database = try SheetLogDatabase.open(path: directory.path(), options: SealedDatabaseTests.options(.generate()))
        try await SealedDatabaseTests.record(into: database)
        try await database.record(.present(presentation: "p4", route: .newExpense, baseline: ["amount": "3.00"]), in: "s3")
        try await database.record(.edit(field: "amount", value: "4.00"), in: "s3")
        try await database.record(.save(values: ["amount": "4.00"]), in: "s3")
        let checked = try await database.sqliteStore.writer.read { db in
            let cells = try Self.cells(db)
            for cell in cells {
                guard case let .event(version, member, sealed, eventID) = try #require(SealedCell(text: cell.text)) else {
                    Issue.record("cell \(cell.column).\(cell.field) of \(cell.session)/\(cell.presentation) names no event: \(cell.text)")
                    continue
                }
                let event = try #require(try Row.fetchOne(
                    db, sql: "SELECT event_id, payload FROM events WHERE stream = ? AND version = ?", arguments: [cell.session, version]))
                #expect(event[0] as String == eventID)
                let path = member == "value" ? "value" : "\(member).\(cell.field)"
                let payload = try JSONValue.parse(event[1] as String)
                let stored = member == "value" ? payload["value"]?.string : payload[member]?[cell.field]?.string
                #expect(stored == sealed, "\(cell.session)/\(cell.presentation) \(cell.column).\(cell.field) ≠ \(path) of version \(version)")
            }
            return cells.count
        }
        #expect(checked == 6)
        // The save of the value already typed wrote its own event's bytes into the draft.
        let draft = try await database.sqliteStore.writer.read { db in
            try String.fetchOne(db, sql: "SELECT draft_values FROM presentations WHERE session = 's3'")
        }
        #expect(draft?.contains("e 3 values ") == true, "\(draft ?? "")")
        #expect(try await database.verify().isHealthy)
    }

    @Test("a cell moved to another field, another session's row or another version does not open: recovery names the place, never the value")
    func movedCellsDoNotOpen() async throws {
        let directory = try TemporaryDirectory("sealed-cells")
        let key = MasterKey.generate()
        let database = try SheetLogDatabase.open(path: directory.path(), options: SealedDatabaseTests.options(key))
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "s1")
        try await database.record(.edit(field: "amount", value: "mk-12.50"), in: "s1")
        try await database.record(.edit(field: "note", value: "mk-lunch"), in: "s1")
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "s2")
        try await database.record(.edit(field: "amount", value: "mk-99.00"), in: "s2")
        #expect(try await database.recoverableDrafts().count == 2)
        let store = database.sqliteStore
        func tamper(_ sql: String) async throws {
            try await store.writer.write { db in try db.execute(sql: sql) }
        }
        let original = try await store.writer.read { db in try Self.presentationRows(db) }
        let moves = [
            // note's cell under amount
            "UPDATE presentations SET draft_values = json_set(draft_values, '$.amount', json_extract(draft_values, '$.note')) WHERE session = 's1'",
            // s2's amount into s1's row
            "UPDATE presentations SET draft_values = json_set(draft_values, '$.amount', (SELECT json_extract(draft_values, '$.amount') FROM presentations WHERE session = 's2')) WHERE session = 's1'",
            // the version the cell names
            "UPDATE presentations SET draft_values = json_set(draft_values, '$.amount', replace(json_extract(draft_values, '$.amount'), 'e 2 ', 'e 3 ')) WHERE session = 's1'",
        ]
        // A draft's cell in the baseline column: an edit's value is no baseline.
        try await tamper("UPDATE presentations SET baseline = json_set(baseline, '$.amount', json_extract(draft_values, '$.amount')) WHERE session = 's1'")
        let swapped = await #expect(throws: SheetLogError.self) { try await database.recoverableDrafts() }
        #expect(swapped?.message.contains("field amount in column baseline of presentation p1 in session s1") == true, "\(swapped?.message ?? "")")
        try await database.rebuildProjections()
        for move in moves {
            try await tamper(move)
            let error = await #expect(throws: SheetLogError.self) { try await database.recoverableDrafts() }
            #expect(error?.code == .integrityViolation)
            #expect(error?.message.contains("field amount in column draft_values of presentation p1 in session s1") == true, "\(error?.message ?? "")")
            #expect(error.map { !$0.message.contains("mk-") } == true)
            try await database.rebuildProjections()
            #expect(try await store.writer.read { db in try Self.presentationRows(db) } == original)
        }
    }

    @Test("a sealed file written before migration 0017 (each cell sealed again at its row): read as it is, then rewritten without its key to the rows a rebuild writes")
    func olderFileIsRewritten() async throws {
        let directory = try TemporaryDirectory("sealed-cells")
        let path = directory.path()
        let key = MasterKey.generate()
        do {
            let database = try SheetLogDatabase.open(path: path, options: SealedDatabaseTests.options(key))
            try await SealedDatabaseTests.record(into: database)
            try await database.record(.present(presentation: "p9", route: .newExpense, baseline: ["amount": "1"]), in: "s4")
            try await database.record(.edit(field: "amount", value: "2"), in: "s4")
            // An erased subject's rows hold markers, as the older build wrote them too.
            try await database.record(.present(presentation: "p1", route: .newExpense, baseline: ["amount": "mk-carol"]), in: "c1", subject: "carol")
            try await database.record(.edit(field: "amount", value: "mk-carol-2"), in: "c1")
            _ = try await database.erase(subject: "carol", requestedBy: "test")
        }
        let queue = try DatabaseQueue(path: path)
        let current = try await queue.read { db in try Self.presentationRows(db) }
        let expected = try await readBack(path, key)
        // What the older build wrote: every value sealed at its row's place, 0017 not recorded.
        try await queue.write { db in
            guard case .available(let dataKey) = try SubjectKeyRing(master: key).key(for: "default", in: db) else {
                Issue.record("no key")
                return
            }
            for cell in try Self.cells(db) where cell.session != "c1" {
                let parsed = try #require(SealedCell(text: cell.text))
                let value = try #require(SealedCell.open(
                    cell.text, session: cell.session, presentation: cell.presentation, field: cell.field, inBaseline: cell.column == "baseline",
                    legacy: .projection(column: cell.column, session: cell.session, presentation: cell.presentation, field: cell.field),
                    with: dataKey))
                guard case .event = parsed else { continue }
                let legacy = SealedText.seal(
                    value, at: .projection(column: cell.column, session: cell.session, presentation: cell.presentation, field: cell.field),
                    with: dataKey)
                try db.execute(
                    sql: "UPDATE presentations SET \(cell.column) = json_set(\(cell.column), ?, ?) WHERE session = ? AND presentation = ?",
                    arguments: ["$.\"\(cell.field)\"", legacy, cell.session, cell.presentation])
            }
            try db.execute(sql: "DELETE FROM sheetlog_migrations WHERE number = 17")
        }
        let older = try await queue.read { db in try Self.presentationRows(db) }
        #expect(older != current)
        #expect(try await queue.read { db in try Self.cells(db).allSatisfy { !$0.text.contains(" ") } })
        try queue.close()

        // Read only, with its key: the older cells open at their rows, and verify (which writes
        // nothing) compares them as the migration would write them.
        let reader = try SheetLogDatabase.openForReading(path: path, options: SealedDatabaseTests.options(key))
        #expect(try await reader.recoverableDrafts() == expected)
        let report = try await reader.verify()
        #expect(report.isHealthy, "\(String(describing: report.firstFailure))")
        #expect(try await queueRows(path) == older, "verify wrote nothing")

        // Migrated by a handle without any key: the step needs none.
        let migrating = try DatabaseQueue(path: path)
        try await migrating.writeWithoutTransaction { db in
            try SchemaMigrator().migrate(db, location: path, clock: ManualClock())
        }
        #expect(try await migrating.read { db in try Self.presentationRows(db) } == current)
        try migrating.close()
        let database = try SheetLogDatabase.open(path: path, options: SealedDatabaseTests.options(key))
        #expect(try await database.verify().isHealthy)
        #expect(try await database.recoverableDrafts() == expected)
    }

    func queueRows(_ path: String) async throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try await queue.read { db in try Self.presentationRows(db) }
    }

    func readBack(_ path: String, _ key: MasterKey) async throws -> [RecoverableDraft] {
        let database = try SheetLogDatabase.openForReading(path: path, options: SealedDatabaseTests.options(key))
        let drafts = try await database.recoverableDrafts()
        #expect(!drafts.isEmpty)
        return drafts
    }
}
