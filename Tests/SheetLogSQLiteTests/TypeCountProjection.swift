import GRDB
import SheetLogSQLite

/// A tiny projection for the tests: how many events of each type the log holds.
struct TypeCountProjection: SQLiteProjection {
    let name = "typeCounts"
    let tables = ["type_counts"]

    static func createTable(in writer: any DatabaseWriter) throws {
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE type_counts (type TEXT PRIMARY KEY, count INTEGER NOT NULL) STRICT")
        }
    }

    func apply(_ events: [RecordedEvent], in db: Database) throws {
        let upsert = try db.cachedStatement(sql: """
            INSERT INTO type_counts (type, count) VALUES (?, 1)
            ON CONFLICT (type) DO UPDATE SET count = count + 1
            """)
        for event in events {
            try upsert.execute(arguments: [event.type])
        }
    }
}

/// A projection that fails on events of one type, with an error that carries a value.
struct FailingProjection: SQLiteProjection {
    struct Refused: Error {
        var value: String
    }

    let name = "failing"
    let tables: [String] = []
    let failingType: String

    func apply(_ events: [RecordedEvent], in db: Database) throws {
        if let event = events.first(where: { $0.type == failingType }) {
            throw Refused(value: event.payload)
        }
    }
}

/// A projection whose row for an `orphan` event breaks a deferred foreign key, so that COMMIT itself fails.
struct DeferredViolationProjection: SQLiteProjection {
    let name = "deferredViolation"
    let tables = ["children"]

    static func createTables(in writer: any DatabaseWriter) throws {
        try writer.write { db in
            try db.execute(sql: """
                CREATE TABLE parents (id INTEGER PRIMARY KEY);
                CREATE TABLE children (parent INTEGER REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED);
                """)
        }
    }

    func apply(_ events: [RecordedEvent], in db: Database) throws {
        for event in events where event.type == "orphan" {
            try db.execute(sql: "INSERT INTO children (parent) VALUES (?)", arguments: [event.position + 1_000])
        }
    }
}
