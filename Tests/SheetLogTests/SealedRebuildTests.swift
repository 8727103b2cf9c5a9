import Foundation
import GRDB
import SheetLog
import SheetLogSQLite
import SheetLogTestSupport
import Testing

/// Rebuild of a sealed log decodes each chunk on two threads, each opening the values of its own
/// streams: over a log of many chunks and several subjects it must write the rows the appends
/// wrote, and stop at the first value that does not open in log order, whichever thread met it.
@Suite("sealed rebuild over many chunks")
struct SealedRebuildTests {
    static let sessions = (1...6).map { "s\($0)" }

    /// Six sessions of six subjects, interleaved round by round: about 2,000 events, four chunks.
    static func longLog(_ database: SheetLogDatabase) async throws {
        for round in 0..<36 {
            for (index, session) in sessions.enumerated() {
                try await database.record(
                    .present(presentation: "p\(round)", route: .newExpense, baseline: ["note": .string("café \(round)")]),
                    in: session, subject: round == 0 ? "user-\(index)" : nil)
                for edit in 0..<(3 + index) {
                    let value: FieldValue = edit % 3 == 0 ? .number(Double(edit) / 4) : .string("v\(round)-\(edit)")
                    try await database.record(.edit(field: edit % 2 == 0 ? "amount" : "note", value: value), in: session)
                }
                if round == 35 { continue }  // the last sheet of each session stays open with its draft
                if (round + index) % 2 == 0 {
                    try await database.record(.save(values: ["amount": .string("\(round).50")]), in: session)
                } else {
                    try await database.record(.attemptDismiss(source: .cancelButton), in: session)
                    try await database.record(.confirmDiscard(), in: session)
                }
            }
        }
    }

    static func presentationRows(_ database: SheetLogDatabase) async throws -> [[DatabaseValue]] {
        try await database.sqliteStore.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM presentations ORDER BY session, presentation").map { Array($0.databaseValues) }
        }
    }

    @Test("the rows a rebuild writes are the appends' rows, byte for byte, and read back")
    func rebuildEqualsInline() async throws {
        let directory = try TemporaryDirectory("sealed-rebuild")
        let database = try SheetLogDatabase.open(path: directory.path(), options: SealedDatabaseTests.options(MasterKey.generate()))
        try await Self.longLog(database)
        let count = try await database.sqliteStore.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM events") ?? 0 }
        #expect(count > 3 * 512)
        let written = try await Self.presentationRows(database)
        try await database.rebuildProjections()
        #expect(try await Self.presentationRows(database) == written)
        let drafts = try await database.recoverableDrafts()
        #expect(drafts.count == Self.sessions.count)
        #expect(drafts.allSatisfy { draft in draft.values.values.allSatisfy { if case .string(let text) = $0 { text.hasPrefix("v") } else { true } } })
    }

    /// Moves the sealed value of the edit at `from` into the edit at `into`: `into` no longer opens.
    /// With `recorded` false, `into` also loses its `changed` member, as an edit recorded before it:
    /// a rebuild opens only such events' values.
    static func move(from: Int64, into: Int64, in database: SheetLogDatabase, recorded: Bool = false) async throws {
        try await database.sqliteStore.writer.write { db in
            try db.execute(sql: "DROP TRIGGER IF EXISTS events_refuse_update")
            try db.execute(sql: """
                UPDATE events SET payload = json_set(payload, '$.value', (SELECT json_extract(payload, '$.value') FROM events WHERE position = ?))
                WHERE position = ?
                """, arguments: [from, into])
            if !recorded {
                try db.execute(sql: "UPDATE events SET payload = json_remove(payload, '$.changed') WHERE position = ?", arguments: [into])
            }
        }
    }

    @Test("a rebuild opens no value whose event recorded what it changed: a moved one is copied, and recovery, replay and verify refuse it")
    func rebuildOpensNoRecordedValue() async throws {
        let directory = try TemporaryDirectory("sealed-rebuild")
        let database = try SheetLogDatabase.open(path: directory.path(), options: SealedDatabaseTests.options(MasterKey.generate()))
        try await database.record(.present(presentation: "p1", route: .newExpense, baseline: ["amount": "mk-1.00"]), in: "s1")
        try await database.record(.edit(field: "amount", value: "mk-2.00"), in: "s1")
        try await database.record(.edit(field: "amount", value: "mk-3.00"), in: "s1")
        let positions = try await database.sqliteStore.writer.read { db in
            try Int64.fetchAll(db, sql: "SELECT position FROM events WHERE type = 'edit' ORDER BY position")
        }
        try await Self.move(from: positions[0], into: positions[1], in: database, recorded: true)
        try await database.rebuildProjections()
        let recovery = await #expect(throws: SheetLogError.self) { try await database.recoverableDrafts() }
        #expect(recovery?.code == .integrityViolation)
        #expect(recovery.map { !$0.message.contains("mk-") } == true)
        let replay = await #expect(throws: SheetLogError.self) { try await database.replay("s1") }
        #expect(replay?.context.position == positions[1])
        #expect(!(try await database.verify().isHealthy))

        // The same move in an edit recorded before `changed` was: the rebuild opens it, and stops.
        try await Self.move(from: positions[0], into: positions[1], in: database)
        let rebuild = await #expect(throws: SheetLogError.self) { try await database.rebuildProjections() }
        #expect(rebuild?.context.position == positions[1])
    }

    @Test("a value that does not open stops the rebuild at the first such event in log order, on either thread")
    func firstUnopenableValueWins() async throws {
        let directory = try TemporaryDirectory("sealed-rebuild")
        let database = try SheetLogDatabase.open(path: directory.path(), options: SealedDatabaseTests.options(MasterKey.generate()))
        try await Self.longLog(database)
        // Streams are numbered by first appearance (s1 first); even numbers are folded, and here
        // decoded, on the database's thread, odd ones on the other.
        func edits(of session: String) async throws -> [Int64] {
            try await database.sqliteStore.writer.read { db in
                try Int64.fetchAll(db, sql: "SELECT position FROM events WHERE type = 'edit' AND stream = ? ORDER BY position", arguments: [session])
            }
        }
        let here = try await edits(of: "s1"), there = try await edits(of: "s2")
        let before = try await Self.presentationRows(database)
        let payloads = try await database.sqliteStore.writer.read { db in
            try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT position, payload FROM events").map {
                ($0[0] as Int64, $0[1] as String)
            })
        }
        func firstAfter(_ position: Int64, in edits: [Int64]) -> Int64 { edits.first { $0 > position }! }

        // The other thread's event first, then this thread's, close by (one chunk); the reverse;
        // and each of them with the later event chunks away.
        let pairs = [
            (there[40], firstAfter(there[40], in: here)), (here[100], firstAfter(here[100], in: there)),
            (there[10], firstAfter(there[10] + 700, in: here)), (here[20], firstAfter(here[20] + 700, in: there)),
        ]
        for (earlier, later) in pairs {
            try await Self.move(from: here[0], into: earlier, in: database)
            try await Self.move(from: here[1], into: later, in: database)
            let error = await #expect(throws: SheetLogError.self) { try await database.rebuildProjections() }
            #expect(error?.code == .integrityViolation, "\(earlier), \(later)")
            #expect(error?.context.position == earlier, "\(earlier), \(later)")
            #expect(try await Self.presentationRows(database) == before, "a refused rebuild changes nothing")
            try await database.sqliteStore.writer.write { db in
                for position in [earlier, later] {
                    try db.execute(sql: "UPDATE events SET payload = ? WHERE position = ?", arguments: [payloads[position], position])
                }
            }
        }
        try await database.rebuildProjections()
        #expect(try await Self.presentationRows(database) == before)
    }

    @Test("a refusal that names no position (a subject without its key row) still wins when it comes first in log order")
    func aRefusalWithoutAPositionIsOrderedByItsRow() async throws {
        let directory = try TemporaryDirectory("sealed-rebuild")
        let database = try SheetLogDatabase.open(path: directory.path(), options: SealedDatabaseTests.options(MasterKey.generate()))
        try await Self.longLog(database)
        // s2 (user-1, the other thread's) loses its key row: its first event is refused, naming the
        // subject and no position. An s1 edit after it in the same chunk no longer opens either.
        let (firstOfS2, laterS1Edit, otherS1Edit) = try await database.sqliteStore.writer.read { db in
            let first = try Int64.fetchOne(db, sql: "SELECT min(position) FROM events WHERE stream = 's2'")!
            let edits = try Int64.fetchAll(db, sql: "SELECT position FROM events WHERE stream = 's1' AND type = 'edit' AND position > ? ORDER BY position LIMIT 2", arguments: [first])
            return (first, edits[1], edits[0])
        }
        #expect(laterS1Edit < 512, "both in the first chunk")
        try await Self.move(from: otherS1Edit, into: laterS1Edit, in: database)
        try await database.sqliteStore.writer.write { db in
            for trigger in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'subject_keys'") {
                try db.execute(sql: "DROP TRIGGER \(trigger)")
            }
            try db.execute(sql: "DELETE FROM subject_keys WHERE subject = 'user-1'")
        }
        let error = await #expect(throws: SheetLogError.self) { try await database.rebuildProjections() }
        #expect(error?.context.position == nil, "the missing key row's refusal, not the later edit's: \(String(describing: error))")
        #expect(error?.message.contains("user-1") == true, "\(String(describing: error?.message)) (s2 starts at \(firstOfS2))")
    }
}
