import GRDB
import SheetLogStorage

/// The cut rule of a prune, from the read models (the sessions' first and last positions) rather
/// than a fold of the log: the largest position C such that every event at or below it was recorded
/// before the prune's time, every session with an event at or below it lies wholly at or below it
/// and is finished, and every collector acknowledged it.
///
/// One step looks at most `limit` positions past the previous cut (more only to take a session
/// that begins right after it whole), so that its reads, like its deletes, are bounded: the time
/// by a range of the primary key, the sessions by those the range holds.
enum PruneCut {
    /// The cut of one step, and whether the step's limit (not something still needed) stopped it.
    static func find(
        before: Int64, previousCut: Int64, limit: Int64 = .max, in db: Database
    ) throws -> (cut: Int64, stop: PruneStop, limited: Bool) {
        let last = try Int64.fetchOne(db, sql: "SELECT COALESCE(max(position), 0) FROM events") ?? 0
        var bound = previousCut > Int64.max - limit ? Int64.max : previousCut + limit
        while true {
            let (cut, stop) = try find(before: before, previousCut: previousCut, last: min(last, bound), in: db)
            // Bounded: what stopped this step may be the bound itself (a session it splits), so the
            // next step looks again; the prune ends with a step that removes nothing.
            let limited = bound < last
            // A session beginning right after the previous cut and longer than the limit: the step takes it whole.
            if cut <= previousCut, bound < last, case let .session(session, position, .continuesPastCut) = stop, position == previousCut + 1,
               let end = try Int64.fetchOne(db, sql: "SELECT last_position FROM sessions WHERE session = ?", arguments: [session]), end > bound {
                bound = end
                continue
            }
            return (cut, stop, limited)
        }
    }

    private static func find(before: Int64, previousCut: Int64, last: Int64, in db: Database) throws -> (cut: Int64, stop: PruneStop) {
        var cut = max(last, previousCut)
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
        // The first session still needed, by its first position: it stays, and everything after it.
        if let held = try Row.fetchOne(db, sql: """
            SELECT s.session, s.first_position,
                   CASE WHEN s.stack <> '[]' THEN 'onStack'
                        WHEN EXISTS (SELECT 1 FROM presentations p WHERE p.session = s.session AND p.pending_source IS NOT NULL)
                            THEN 'pendingConfirmation'
                        ELSE 'recoverableDraft' END
            FROM sessions s
            WHERE s.first_position <= ?1
              AND (s.stack <> '[]'
                   OR EXISTS (SELECT 1 FROM presentations p WHERE p.session = s.session AND p.pending_source IS NOT NULL)
                   OR EXISTS (SELECT 1 FROM recoverable_drafts d WHERE d.session = s.session))
            ORDER BY s.first_position LIMIT 1
            """, arguments: [cut]) {
            let position: Int64 = held[1]
            (cut, stop) = (position - 1, .session(held[0], position: position, reason: PruneStop.SessionHold(rawValue: held[2])!))
        }
        // A session is never split: one that began at or below the cut and continues past it moves
        // the cut before its first event, which may split an earlier one, until none is split.
        try unsplit(&cut, &stop, in: db)
        // A stream the sheet read models do not know (raw appends) is never removed with its events unread.
        if cut > previousCut, let unknown = try Row.fetchOne(db, sql: """
            SELECT stream, position FROM events
            WHERE position > ?1 AND position <= ?2 AND stream <> '$erasures'
              AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.session = events.stream)
            ORDER BY position LIMIT 1
            """, arguments: [previousCut, cut]) {
            let position: Int64 = unknown[1]
            (cut, stop) = (position - 1, .session(unknown[0], position: position, reason: .notASession))
            try unsplit(&cut, &stop, in: db)
        }
        return (max(cut, previousCut), stop)
    }

    /// Moves the cut before the first event of a session it would split, until none is split.
    private static func unsplit(_ cut: inout Int64, _ stop: inout PruneStop, in db: Database) throws {
        while let split = try Row.fetchOne(db, sql: """
            SELECT session, first_position FROM sessions WHERE first_position <= ?1 AND last_position > ?1
            ORDER BY first_position LIMIT 1
            """, arguments: [cut]) {
            let position: Int64 = split[1]
            (cut, stop) = (position - 1, .session(split[0], position: position, reason: .continuesPastCut))
        }
    }
}
