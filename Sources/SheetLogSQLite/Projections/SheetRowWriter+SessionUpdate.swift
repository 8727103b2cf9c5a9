import GRDB
import SheetLogProjections

extension SheetRowWriter {
    /// Sets the version, the last position and time, and the stack or the end when they changed;
    /// the row ends up as ``SessionRow`` has it.
    func updateSession(_ update: SessionRowUpdate, of session: SessionChange) throws {
        let sql = Self.sessionUpdateSQLs[(update.stack != nil ? 1 : 0) + (update.end != nil ? 2 : 0)]
        try db.cachedStatement(sql: sql).execute { row in
            row.bind(update.version)
            row.bind(update.lastEventAt)
            row.bind(update.lastPosition)
            if let stack = update.stack { row.bind(stack) }
            if let end = update.end {
                row.bind(end.status)
                row.bind(end.endedAt)
            }
            row.bind(update.session)
        }
        // A row removed behind SheetLog's back (the tables are derived data) is written whole again.
        if db.changesCount == 0, let whole = session.sessionRow { try writeSession(whole) }
    }

    /// The four UPDATEs: always version and last event, with the stack (bit 0) and the end (bit 1).
    private static let sessionUpdateSQLs = (0..<4).map { mask in
        var columns = ["version", "last_event_at", "last_position"]
        if mask & 1 != 0 { columns.append("stack") }
        if mask & 2 != 0 { columns += ["status", "ended_at"] }
        return "UPDATE sessions SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE session = ?"
    }
}
