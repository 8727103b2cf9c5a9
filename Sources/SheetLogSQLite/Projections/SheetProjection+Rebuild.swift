import Dispatch
import GRDB
import SheetLogDomain
import SheetLogProjections

extension SheetProjection {
    /// Clears the tables, folds the whole log in memory (position order) and writes every
    /// presentation and session row once, at the end, plus one row per dismissal with its
    /// resolution already known: no SQL write per event.
    ///
    /// It produces exactly the rows the appends produced (``apply(_:in:epoch:rows:)``): both fold with
    /// `ProjectedSession` and write the same columns with the same values. The work that needs no
    /// database — decoding payloads, folding every other stream, encoding the presentations' JSON —
    /// runs on a second thread, ahead of the fold and the inserts (`PipelinedEventScan`,
    /// `RebuildRows`); in a sealed log, where opening and sealing values is most of that work, the
    /// database's thread takes half of it. None of it changes a byte of the rows. The log is read in
    /// one pass.
    package func rebuild(in db: Database) throws {
        for table in tables {
            try db.execute(sql: "DELETE FROM \(table.quotedDatabaseIdentifier)")
        }
        let keys = try ring?.snapshot(in: db)
        // A pruned log's carried states: the folds of their sessions start from them.
        let carried = try CarriedSession.storedSnapshots(in: db).map { try CarriedSession(snapshot: $0.snapshot, keys: keys ?? NoSubjectKeys()) }
        let statement = try db.makeStatement(sql: RawEventChunk.selectSQL)
        let rows = try Row.fetchCursor(statement)
        let (sessions, dismissals) = try PipelinedEventScan.fold(keys: keys, openingValues: ring != nil, carried: carried) { capacity in
            var chunk = RawEventChunk(capacity: capacity)
            while chunk.rows.count < capacity, try rows.next() != nil {
                chunk.append(from: statement.sqliteStatement)
            }
            return chunk
        }
        try Self.withoutCheckConstraints(in: db) {
            try Self.write(sessions, dismissals, in: db)
        }
        Self.releaseElsewhere((consume sessions, consume dismissals))
    }

    /// Inserts the dismissal rows, then each session's presentation rows and its own row, in
    /// `sessions`' order; the rows are made on the other thread (in a sealed log, every other
    /// session's here), sessions ahead of the inserts, starting while the dismissal rows go in.
    private static func write(_ sessions: [ProjectedSession], _ dismissals: [DismissalRow], in db: Database) throws {
        let writer = try RebuildRowWriter(db: db)
        var rows = RebuildRows(sessions)
        for dismissal in dismissals {
            try writer.insertDismissal(dismissal)
        }
        while let (presentations, session) = rows.next() {
            try writer.write(presentations, session)
        }
    }

    /// Frees the folded states on another thread, while the transaction commits: releasing every
    /// presentation, draft and dismissal of the log took a twentieth of the rebuild.
    private static func releaseElsewhere<T: Sendable>(_ value: consuming T) {
        let value = value
        DispatchQueue.global().async { withExtendedLifetime(value) {} }
    }

    /// Runs `body` with SQLite's CHECK constraints off (`PRAGMA ignore_check_constraints`), then
    /// puts the setting back as it was, whether `body` returns or throws.
    ///
    /// The five `json_valid` CHECKs and the enum CHECKs cost more than the rest of a row's insert.
    /// A rebuild's rows need no second check: they are written with the very values the inline
    /// path writes with the CHECKs on (and `verify` compares the two). SQLite compiles the CHECKs
    /// into a statement when it prepares it, and the pragma expires every prepared statement, so
    /// the statements of later appends check again.
    static func withoutCheckConstraints<T>(in db: Database, _ body: () throws -> T) throws -> T {
        let previous = try Bool.fetchOne(db, sql: "PRAGMA ignore_check_constraints") ?? false
        try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
        let result: T
        do {
            result = try body()
        } catch {
            try? db.execute(sql: "PRAGMA ignore_check_constraints = \(previous ? "ON" : "OFF")")
            throw error
        }
        try db.execute(sql: "PRAGMA ignore_check_constraints = \(previous ? "ON" : "OFF")")
        return result
    }
}
