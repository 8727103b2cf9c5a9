import Foundation
import GRDB
import SheetLogCore
import SheetLogDomain
import SheetLogJSON
import SheetLogProjections
import SheetLogStorage

/// What an erasure erased, as `sheetlog erasures` reports it: the subject's sessions begun before
/// it, and the sessions it closed. Read from the log, or, once a prune removed what it counts, as
/// the prune froze it (`erasure_counts`, migration 0014).
enum ErasureCounts {
    struct Counts: Equatable {
        var sessions: Int
        var closedSessions: [String]
    }

    /// Whether the file has migration 0014's table (a read-only copy of an older file has not).
    static func hasTable(in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'erasure_counts')"))
            ?? false
    }

    /// The counts a prune froze for the erasure `eventID`; nil when none did.
    static func frozen(eventID: String, in db: Database) throws -> Counts? {
        guard let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT sessions, closed_sessions FROM erasure_counts WHERE event_id = ?"), arguments: [eventID])
        else { return nil }
        let text: String = row[1]
        guard case .array(let items)? = try? JSONValue.parse(text) else {
            throw SheetLogError(
                .undecodableEvent, "erasure_counts holds malformed closed sessions for erasure \(eventID)",
                context: .init(eventID: eventID, operation: "erasures"))
        }
        return Counts(sessions: row[0], closedSessions: items.compactMap { if case .string(let id) = $0 { id } else { nil } })
    }

    /// The counts as the log tells them: the subject's sealed sessions whose first event comes
    /// before the erasure at `position` (a session a prune carried began before its cut, which is
    /// before any erasure still in the log), and the run of closing events just before it.
    static func fromLog(subject: String, position: Int64, erasedAt: Int64, in db: Database) throws -> Counts {
        let carried = try CarriedSession.hasTable(in: db)
            ? "UNION ALL SELECT session FROM base_sessions WHERE json_extract(snapshot, '$.subject') = ?2" : ""
        let sessions = try String.fetchAll(
            db,
            sql: """
                SELECT stream FROM events WHERE version = 1 AND schema_version = ?1 AND json_extract(payload, '$.subject') = ?2 AND position < ?3
                \(carried)
                """,
            arguments: [SheetEventCodec.sealedSchemaVersion, subject, position])
        var closing = ErasureClosing(sessionsOfSubject: Set(sessions), erasedAt: erasedAt)
        let earlier = try Row.fetchCursor(
            db, sql: "SELECT stream, type, occurred_at FROM events WHERE position < ? ORDER BY position DESC", arguments: [position])
        while let event = try earlier.next(), closing.take(stream: event[0], type: event[1], occurredAt: event[2]) {}
        return Counts(sessions: sessions.count, closedSessions: closing.closedSessions)
    }

    /// Freezes the counts of every erasure in the log that has none yet: a prune calls it in its
    /// transaction before it deletes anything.
    static func freeze(in db: Database) throws {
        let erasures = try Row.fetchAll(db, sql: """
            SELECT position, event_id, occurred_at, json_extract(payload, '$.subject') FROM events
            WHERE stream = ? AND type = ? AND NOT EXISTS (SELECT 1 FROM erasure_counts c WHERE c.event_id = events.event_id)
            ORDER BY position
            """, arguments: [SubjectErasure.stream, SubjectErasure.type])
        for erasure in erasures {
            guard let subject: String = erasure[3], let erasedAt: Int64 = erasure[2] else { continue }
            let counts = try fromLog(subject: subject, position: erasure[0], erasedAt: erasedAt, in: db)
            var closed = JSONWriter(capacity: 16 * counts.closedSessions.count + 2)
            closed.strings(counts.closedSessions)
            try db.execute(
                sql: "INSERT INTO erasure_counts (event_id, sessions, closed_sessions) VALUES (?, ?, ?)",
                arguments: [erasure[1] as String, counts.sessions, closed.text])
        }
    }
}
