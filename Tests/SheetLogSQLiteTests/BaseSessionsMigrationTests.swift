import Foundation
import GRDB
import SheetLogSQLite
import Testing
import SheetLogTestSupport

/// Migration 0015's guards on `base_sessions`, the state a prune carries across its cut: rows are
/// written only for the latest base, never updated, and deleted only once a later base replaces them.
@Suite("Migration 0015: base_sessions")
struct BaseSessionsMigrationTests {
    private static func migrated() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        _ = try queue.writeWithoutTransaction { db in try SchemaMigrator().migrate(db, location: "in memory", clock: ManualClock()) }
        return queue
    }

    private static func base(_ cut: Int64, in db: Database) throws {
        try db.execute(sql: "INSERT INTO log_bases VALUES (?, zeroblob(32), 1, 1, 1, 1, '[]')", arguments: [cut])
    }

    private static func carry(_ session: String, cut: Int64, snapshot: String = #"{"version":3}"#, in db: Database) throws {
        try db.execute(sql: "INSERT INTO base_sessions (session, cut_position, version, snapshot) VALUES (?, ?, 3, ?)",
                       arguments: [session, cut, snapshot])
    }

    @Test("a carried state is written only for the latest base's cut, as a JSON object")
    func writtenOnlyForTheLatestBase() throws {
        let queue = try Self.migrated()
        try queue.write { db in
            #expect(throws: DatabaseError.self) { try Self.carry("s1", cut: 5, in: db) }
            try Self.base(5, in: db)
            #expect(throws: DatabaseError.self) { try Self.carry("s1", cut: 4, in: db) }
            #expect(throws: DatabaseError.self) { try Self.carry("s1", cut: 5, snapshot: "[1]", in: db) }
            try Self.carry("s1", cut: 5, in: db)
        }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM base_sessions WHERE cut_position = 5") } == 1)
    }

    @Test("a carried state is never updated, and deleted only once a later base exists")
    func replacedOnlyByALaterBase() throws {
        let queue = try Self.migrated()
        try queue.write { db in
            try Self.base(5, in: db)
            try Self.carry("s1", cut: 5, in: db)
            #expect(throws: DatabaseError.self) { try db.execute(sql: "UPDATE base_sessions SET version = 2") }
            #expect(throws: DatabaseError.self) { try db.execute(sql: "DELETE FROM base_sessions") }
            try Self.base(9, in: db)
            try db.execute(sql: "DELETE FROM base_sessions WHERE session = 's1'")
            try Self.carry("s1", cut: 9, snapshot: #"{"version":7}"#, in: db)
        }
        let row = try queue.read { db in try Row.fetchOne(db, sql: "SELECT cut_position, snapshot FROM base_sessions") }
        #expect(row?[0] as Int64? == 9)
        #expect(row?[1] as String? == #"{"version":7}"#)
    }
}
