import GRDB
import SheetLogDomain
import SheetLogStorage

extension SQLiteBackend {
    /// The `eraseSubject` events of `$erasures` in log order, each with the subject's sessions begun
    /// before it, the sessions it closed (``ErasureClosing``) and whether `subject_keys` has the key
    /// erased. One read transaction, so the rows agree with one another; no value is read.
    package func erasures() async throws -> [ErasureRecord] {
        try await readModels("erasures") { db in
            // The erasures a prune removed first, as the bases carry them (the sessions they counted
            // and closed were pruned before them: none is counted now).
            let carried = try SQLiteEventStore.hasRetentionTables(in: db) ? try Row.fetchAll(
                db,
                sql: """
                    SELECT json_extract(c.value, '$.position'), json_extract(c.value, '$.event_id'), json_extract(c.value, '$.occurred_at'),
                           json_extract(json_extract(c.value, '$.payload'), '$.subject'), json_extract(json_extract(c.value, '$.payload'), '$.requestedBy')
                    FROM log_bases b, json_each(b.erasures) c WHERE json_extract(c.value, '$.type') = ? ORDER BY b.cut_position, c.key
                    """,
                arguments: [SubjectErasure.type]) : []
            let events = try carried + Row.fetchAll(
                db,
                sql: """
                    SELECT position, event_id, occurred_at, json_extract(payload, '$.subject'), json_extract(payload, '$.requestedBy')
                    FROM events WHERE stream = ? AND type = ? ORDER BY position
                    """,
                arguments: [SubjectErasure.stream, SubjectErasure.type])
            return try events.map { row in try Self.erasure(row, in: db) }
        }
    }

    private static func erasure(_ row: Row, in db: Database) throws -> ErasureRecord {
        let position: Int64 = row[0]
        guard let subject: String = row[3], let erasedAt: Int64 = row[2] else {
            throw SheetLogError(
                .undecodableEvent, "the eraseSubject event at position \(position) names no subject or has no time",
                context: .init(stream: SubjectErasure.stream, position: position, operation: "erasures"))
        }
        let sessions = try String.fetchAll(
            db,
            sql: """
                SELECT stream FROM events WHERE version = 1 AND schema_version = ? AND json_extract(payload, '$.subject') = ? AND position < ?
                """,
            arguments: [SheetEventCodec.sealedSchemaVersion, subject, position])
        var closing = ErasureClosing(sessionsOfSubject: Set(sessions), erasedAt: erasedAt)
        let earlier = try Row.fetchCursor(
            db, sql: "SELECT stream, type, occurred_at FROM events WHERE position < ? ORDER BY position DESC", arguments: [position])
        while let event = try earlier.next(), closing.take(stream: event[0], type: event[1], occurredAt: event[2]) {}
        let keyErased = try Bool.fetchOne(
            db, sql: "SELECT erased_at IS NOT NULL FROM subject_keys WHERE subject = ?", arguments: [subject]) ?? false
        return ErasureRecord(
            origin: .device, position: position, eventID: row[1], subject: subject, requestedBy: row[4] ?? "", erasedAt: erasedAt,
            sessions: sessions.count, closedSessions: closing.closedSessions, keyErased: keyErased)
    }
}
