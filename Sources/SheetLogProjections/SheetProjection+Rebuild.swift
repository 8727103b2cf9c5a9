import GRDB
import SheetLogDomain
import SheetLogSQLite

extension SheetProjection {
    /// Clears the tables, folds the whole log in memory (position order) and writes every
    /// presentation and session row once, at the end, plus one row per dismissal with its
    /// resolution already known: no SQL write per event.
    ///
    /// It produces exactly the rows the appends produced through ``apply(_:in:)``: both fold with
    /// ``ProjectedSession`` and write the same columns with the same values.
    public func rebuild(from log: EventLogReader, in db: Database) throws {
        try reset(in: db)
        var sessions: [String: ProjectedSession] = [:]
        var dismissals: [DismissalRow] = []
        var dismissalIndex: [Int64: Int] = [:]
        try LoggedEvent.forEachEvent(in: db) { stream, position, version, event in
            guard let event else {
                sessions[stream, default: ProjectedSession(session: stream)].skip(version: version, chain: [])
                return
            }
            let step = sessions[stream, default: ProjectedSession(session: stream)]
                .foldRows(event, position: position, version: version)
            if let resolution = step.resolution, let index = dismissalIndex[resolution.dismissalPosition] {
                dismissals[index].resolution = resolution
                dismissalIndex[resolution.dismissalPosition] = nil
            }
            if let dismissal = step.dismissal {
                dismissalIndex[dismissal.position] = dismissals.count
                dismissals.append(dismissal)
            }
        }
        try Self.withoutCheckConstraints(in: db) {
            let writer = try RebuildRowWriter(db: db)
            for stream in sessions.keys.sorted() {
                try writer.write(sessions[stream]!)
            }
            for dismissal in dismissals {
                try writer.insertDismissal(dismissal)
            }
        }
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
