import GRDB

extension SQLiteEventStore {
    /// Runs `body` (a step of background work: a prune step, a vacuum chunk) in a write access on
    /// the thread that calls, with SQLite's automatic checkpoint held off, then checkpoints the WAL
    /// (PASSIVE) in a write access of its own. An append waiting for the writer thus waits for the
    /// step or for the checkpoint, never for both in one access: a step whose commit crossed the
    /// WAL's threshold used to copy the WAL into the file before it let go (measured, a prune of
    /// 50,000 events: an edit waited up to 19 ms, behind a step and the checkpoint its commit ran).
    /// The WAL stays about one step long, so the final checkpoint of a prune has little to copy.
    package func writeInBackgroundStep<T>(_ body: (Database) throws -> T) throws -> T {
        let result = try writeOnCallingThread { db in
            let threshold = try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") ?? 1_000
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            defer { try? db.execute(sql: "PRAGMA wal_autocheckpoint = \(threshold)") }
            return try body(db)
        }
        try writeOnCallingThread { db in _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)") }
        return result
    }
}
