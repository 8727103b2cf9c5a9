import GRDB
import SheetLogDomain
import SheetLogSQLite

extension SheetProjection {
    /// Clears the tables, folds the whole log in memory (position order, a chunk at a time) and
    /// writes every presentation and session row once, at the end, plus one row per dismissal
    /// with its resolution already known: no SQL write per event.
    ///
    /// It produces exactly the rows the appends produced through ``apply(_:in:)``: both fold with
    /// ``ProjectedSession`` and write with the same row writer.
    public func rebuild(from log: EventLogReader, in db: Database) throws {
        try reset(in: db)
        var sessions: [String: ProjectedSession] = [:]
        var dismissals: [DismissalRow] = []
        var dismissalIndex: [Int64: Int] = [:]
        let statement = try db.cachedStatement(sql: """
            SELECT \(LoggedEvent.columnList) FROM events WHERE position > ? ORDER BY position LIMIT ?
            """)
        var cursor: Int64 = 0
        while true {
            let rows = try Row.fetchCursor(statement, arguments: [cursor, log.chunkSize])
            var read = 0
            while let row = try rows.next() {
                read += 1
                let logged = LoggedEvent(row: row, keepingChain: false)
                cursor = logged.position
                guard let event = try logged.sheetEvent() else {
                    sessions[logged.stream, default: ProjectedSession(session: logged.stream)]
                        .skip(version: logged.version, chain: [])
                    continue
                }
                let step = sessions[logged.stream, default: ProjectedSession(session: logged.stream)]
                    .fold(event, position: logged.position, version: logged.version)
                if let resolution = step.resolution, let index = dismissalIndex[resolution.dismissalPosition] {
                    dismissals[index].resolution = resolution
                    dismissalIndex[resolution.dismissalPosition] = nil
                }
                if let dismissal = step.dismissal {
                    dismissalIndex[dismissal.position] = dismissals.count
                    dismissals.append(dismissal)
                }
            }
            if read < log.chunkSize { break }
        }
        let writer = SheetRowWriter(db: db)
        for session in sessions.values {
            try writer.writeAllPresentations(of: session)
            try writer.writeSession(session)
        }
        for dismissal in dismissals {
            try writer.insertDismissal(dismissal)
        }
    }
}
