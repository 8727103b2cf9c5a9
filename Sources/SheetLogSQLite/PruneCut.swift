import GRDB
import SheetLogStorage

/// The cut rule of a prune: the largest position C such that every event at or below it was
/// recorded before the prune's time, every collector acknowledged it, and every stream with an
/// event at or below it is a sheet session (one the read models know). A session still needed
/// does not hold the cut: the prune carries its state across it (``CarriedSession``).
///
/// One step looks at most `limit` positions past the previous cut, so that its reads, like its
/// deletes, are bounded by a range of the primary key.
enum PruneCut {
    /// The cut of one step, and whether the step's limit (not something still needed) stopped it.
    static func find(
        before: Int64, previousCut: Int64, limit: Int64 = .max, in db: Database
    ) throws -> (cut: Int64, stop: PruneStop, limited: Bool) {
        let last = try Int64.fetchOne(db, sql: "SELECT COALESCE(max(position), 0) FROM events") ?? 0
        let bound = previousCut > Int64.max - limit ? Int64.max : previousCut + limit
        // Bounded: the next step looks again; the prune ends with a step that removes nothing.
        let limited = bound < last
        var cut = max(min(last, bound), previousCut)
        var stop = PruneStop.endOfLog
        // The store's recorded time: the first event recorded at or after `before` stays, and all after it.
        if let late = try Int64.fetchOne(
            db, sql: "SELECT min(position) FROM events WHERE position > ? AND position <= ? AND recorded_at >= ?",
            arguments: [previousCut, cut, before]), late - 1 < cut {
            (cut, stop) = (late - 1, .time(position: late))
        }
        if let acknowledged = try Int64.fetchOne(db, sql: "SELECT min(acknowledged_through) FROM push_cursors"), acknowledged < cut {
            (cut, stop) = (acknowledged, .acknowledged(position: acknowledged))
        }
        // A stream the sheet read models do not know (raw appends) is never removed with its events unread.
        if cut > previousCut, let unknown = try Row.fetchOne(db, sql: """
            SELECT stream, position FROM events
            WHERE position > ?1 AND position <= ?2 AND stream <> '$erasures'
              AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.session = events.stream)
            ORDER BY position LIMIT 1
            """, arguments: [previousCut, cut]) {
            let position: Int64 = unknown[1]
            (cut, stop) = (position - 1, .session(unknown[0], position: position, reason: .notASession))
        }
        return (max(cut, previousCut), stop, limited)
    }
}
