import Foundation
import GRDB
import SheetLogSQLite
import Testing

@Suite("StatementBinder: values bound straight into a prepared statement")
struct StatementBinderTests {
    private func table() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (a TEXT, b INTEGER, c BLOB, d TEXT, e INTEGER) STRICT")
        }
        return queue
    }

    @Test("texts (empty, non-ASCII, NULL), integers, booleans and blobs come back as bound")
    func valuesRoundTrip() throws {
        let queue = try table()
        let rows: [(String?, Int64?, [UInt8], String, Bool?)] = [
            ("", 0, [], "plain", true),
            ("Zoë 🙂 inside", Int64.max, [0, 255, 7], "x", false),
            (nil, nil, [1], "", nil),
        ]
        try queue.write { db in
            let insert = try db.cachedStatement(sql: "INSERT INTO t (a, b, c, d, e) VALUES (?, ?, ?, ?, ?)")
            for (a, b, c, d, e) in rows {
                try insert.execute { row in
                    row.bind(a)
                    row.bind(b)
                    row.bind(blob: c)
                    row.bind(d)
                    row.bind(e)
                }
            }
        }
        let stored = try queue.read { db in try Row.fetchAll(db, sql: "SELECT a, b, c, d, e, typeof(a), typeof(c) FROM t ORDER BY rowid") }
        #expect(stored.count == 3)
        for (row, expected) in zip(stored, rows) {
            #expect(row[0] as String? == expected.0)
            #expect(row[1] as Int64? == expected.1)
            #expect([UInt8](row[2] as Data) == expected.2)
            #expect(row[3] as String == expected.3)
            #expect(row[4] as Bool? == expected.4)
        }
        // An empty text is a TEXT, not NULL; an empty blob is a BLOB.
        #expect(stored[0][5] as String == "text")
        #expect(stored[0][6] as String == "blob")
        #expect(stored[2][5] as String == "null")
    }

    @Test("a missing parameter throws before the statement runs, and the statement stays usable")
    func missingParameterIsRefused() throws {
        let queue = try table()
        try queue.write { db in
            let insert = try db.cachedStatement(sql: "INSERT INTO t (a, b) VALUES (?, ?)")
            #expect(throws: DatabaseError.self) {
                try insert.execute { row in row.bind("only one") }
            }
            try insert.execute { row in
                row.bind("both")
                row.bind(Int64(2))
            }
        }
        let texts = try queue.read { db in try String.fetchAll(db, sql: "SELECT a FROM t") }
        #expect(texts == ["both"])
    }

    @Test("fetchValue reads the first column of the first row, nil for no row, and rebinds each call")
    func fetchValueReadsOneValue() throws {
        let queue = try table()
        try queue.write { db in
            try db.execute(sql: "INSERT INTO t (a, b) VALUES ('x', 1), ('y', 2)")
            let query = try db.cachedStatement(sql: "SELECT b FROM t WHERE a = ?")
            #expect(try query.fetchValue(Int64.self) { $0.bind("x") } == 1)
            #expect(try query.fetchValue(Int64.self) { $0.bind("y") } == 2)
            #expect(try query.fetchValue(Int64.self) { $0.bind("z") } == nil)
            // GRDB's own API still works on a statement the binder used.
            #expect(try Int64.fetchOne(query, arguments: ["y"]) == 2)
            #expect(try query.fetchValue(Int64.self) { $0.bind("x") } == 1)
        }
    }

    @Test("a write outside a transaction is refused and writes nothing; a read runs there")
    func writeOutsideTransactionIsRefused() throws {
        let queue = try table()
        try queue.writeWithoutTransaction { db in
            let insert = try db.cachedStatement(sql: "INSERT INTO t (a) VALUES (?)")
            let refusal = #expect(throws: DatabaseError.self) { try insert.execute { $0.bind("alone") } }
            #expect(refusal?.resultCode == .SQLITE_MISUSE)
            #expect(try db.cachedStatement(sql: "SELECT count(*) FROM t").fetchValue(Int64.self) == 0)
            try db.inTransaction {
                try insert.execute { $0.bind("inside") }
                return .commit
            }
        }
        #expect(try queue.read { db in try String.fetchAll(db, sql: "SELECT a FROM t") } == ["inside"])
    }

    @Test("a step that fails throws SQLite's code and message, and the statement runs again through either API")
    func failedStepLeavesStatementUsable() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE u (id TEXT PRIMARY KEY, n INTEGER CHECK (n > 0))")
            let insert = try db.cachedStatement(sql: "INSERT INTO u (id, n) VALUES (?, ?)")
            try insert.execute { $0.bind("a"); $0.bind(Int64(1)) }
            let duplicate = #expect(throws: DatabaseError.self) { try insert.execute { $0.bind("a"); $0.bind(Int64(2)) } }
            #expect(duplicate?.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY)
            #expect(duplicate?.message?.contains("UNIQUE constraint failed: u.id") == true)
            let check = #expect(throws: DatabaseError.self) { try insert.execute { $0.bind("b"); $0.bind(Int64(0)) } }
            #expect(check?.extendedResultCode == .SQLITE_CONSTRAINT_CHECK)
            try insert.execute { $0.bind("b"); $0.bind(Int64(3)) }
            try insert.execute(arguments: ["c", 4])
            try insert.execute { $0.bind("d"); $0.bind(Int64(5)) }
        }
        let stored = try queue.read { db in try Row.fetchAll(db, sql: "SELECT id, n FROM u ORDER BY id") }
        #expect(stored.map { $0[0] as String } == ["a", "b", "c", "d"])
        #expect(stored.map { $0[1] as Int64 } == [1, 3, 4, 5])
    }
}
