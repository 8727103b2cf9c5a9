import GRDB
import SheetLogDomain
import SheetLogStorage

extension SQLiteBackend {
    /// The `eraseSubject` events of `$erasures` in log order, each with the subject's sessions begun
    /// before it, the sessions it closed (``ErasureClosing``) and whether `subject_keys` has the key
    /// erased. One read transaction, so the rows agree with one another; no value is read.
    package func erasures() async throws -> [ErasureRecord] {
        try await readModels("erasures") { db in
            // The erasures a prune removed first, as the bases carry them (what they counted and
            // closed as the prune froze it in erasure_counts; by a prune before migration 0014: none).
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
            let frozen = try ErasureCounts.hasTable(in: db)
            return try events.map { row in try Self.erasure(row, frozen: frozen, in: db) }
        }
    }

    /// One erasure's record: its counts as a prune froze them (`frozen`: the file has the table), else from the log.
    private static func erasure(_ row: Row, frozen: Bool, in db: Database) throws -> ErasureRecord {
        let position: Int64 = row[0]
        let eventID: String = row[1]
        guard let subject: String = row[3], let erasedAt: Int64 = row[2] else {
            throw SheetLogError(
                .undecodableEvent, "the eraseSubject event at position \(position) names no subject or has no time",
                context: .init(stream: SubjectErasure.stream, position: position, operation: "erasures"))
        }
        let counts = try (frozen ? ErasureCounts.frozen(eventID: eventID, in: db) : nil)
            ?? ErasureCounts.fromLog(subject: subject, position: position, erasedAt: erasedAt, in: db)
        let keyErased = try Bool.fetchOne(
            db, sql: "SELECT erased_at IS NOT NULL FROM subject_keys WHERE subject = ?", arguments: [subject]) ?? false
        return ErasureRecord(
            origin: .device, position: position, eventID: eventID, subject: subject, requestedBy: row[4] ?? "", erasedAt: erasedAt,
            sessions: counts.sessions, closedSessions: counts.closedSessions, keyErased: keyErased)
    }
}
