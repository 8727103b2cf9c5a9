import GRDB
import SheetLogDomain

extension SheetRowWriter {
    /// The session's row, as an UPDATE of the columns whose values differ from `prior` (the session
    /// as its row stood before this append) when it has a row; the whole row otherwise.
    ///
    /// An append changes the version, the last position and time, and only sometimes the stack or
    /// the status: the upsert of every column (an INSERT attempt, its conflict, then the UPDATE)
    /// cost twice the narrow UPDATE. The row ends up exactly as ``writeSession(_:)`` writes it.
    func writeSession(_ session: ProjectedSession, writtenAs prior: ProjectedSession?) throws {
        guard let prior, prior.hasRow, session.firstPosition == prior.firstPosition, session.startedAt == prior.startedAt else {
            return try writeSession(session)
        }
        let state = session.state
        let stackChanged = state.stackIDs != prior.state.stackIDs
        let endChanged = state.ended != prior.state.ended || state.endedAt != prior.state.endedAt
        let sql = Self.sessionUpdateSQLs[(stackChanged ? 1 : 0) + (endChanged ? 2 : 0)]
        try db.cachedStatement(sql: sql).execute { row in
            row.bind(session.foldedVersion)
            row.bind(session.lastEventAt)
            row.bind(session.lastPosition)
            if stackChanged { row.bind(ProjectionJSON.array(state.stackIDs)) }
            if endChanged {
                row.bind(state.ended ? "ended" : "active")
                row.bind(state.endedAt)
            }
            row.bind(state.sessionID)
        }
        // A row removed behind SheetLog's back (the tables are derived data) is written whole again.
        if db.changesCount == 0 { try writeSession(session) }
    }

    /// The four UPDATEs: always version and last event, with the stack (bit 0) and the end (bit 1).
    private static let sessionUpdateSQLs = (0..<4).map { mask in
        var columns = ["version", "last_event_at", "last_position"]
        if mask & 1 != 0 { columns.append("stack") }
        if mask & 2 != 0 { columns += ["status", "ended_at"] }
        return "UPDATE sessions SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE session = ?"
    }
}
