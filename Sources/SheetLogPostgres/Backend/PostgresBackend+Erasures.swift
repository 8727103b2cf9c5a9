import PostgresNIO
import SheetLogDomain
import SheetLogStorage

extension PostgresBackend {
    /// The device's `eraseSubject` events in log order — those its prunes removed, as its base
    /// carries them (fleet migration 0010), then those pushed or imported, each as a device's file
    /// lists it: the subject's sessions begun before it (carried ones included), the sessions it
    /// closed by ``ErasureClosing``'s rule — then the collector's erasures that apply to the
    /// device — those of this device, and those of every device (`device` NULL) whose subject has a
    /// session here — in the order they were made. `keyErased` is whether the collector holds no key
    /// the device shared for the subject.
    package func erasures() async throws -> [ErasureRecord] {
        try await store.reading("erasures") { client in
            var records: [ErasureRecord] = []
            let carried = try await client.query("""
                SELECT position, event_id, subject, requested_by, occurred_at, sessions, closed_sessions
                FROM device_base_erasures WHERE device = \(device) ORDER BY position
                """, logger: store.logger)
            var removed: [(Int64, String, String, String, Int64, Int, String)] = []
            for try await row in carried.decode((Int64, String, String, String, Int64, Int, String).self) { removed.append(row) }
            for row in removed {
                records.append(ErasureRecord(
                    origin: .device, position: row.0, eventID: row.1, subject: row.2, requestedBy: row.3, erasedAt: row.4,
                    sessions: row.5, closedSessions: try ProjectionColumn.strings(row.6, table: "device_base_erasures", column: "closed_sessions", row: row.1),
                    keyErased: try await !holdsSharedKey(of: row.2, client: client)))
            }
            let pushed = try await client.query("""
                SELECT position, event_id, occurred_at, payload::jsonb ->> 'subject', payload::jsonb ->> 'requestedBy'
                FROM events WHERE device = \(device) AND stream = \(SubjectErasure.stream) AND type = \(SubjectErasure.type) ORDER BY position
                """, logger: store.logger)
            var events: [(position: Int64, id: String, at: Int64?, subject: String?, requestedBy: String?)] = []
            for try await row in pushed.decode((Int64, String, Int64?, String?, String?).self) { events.append(row) }
            for event in events {
                guard let subject = event.subject, let erasedAt = event.at else {
                    throw SheetLogError(
                        .undecodableEvent, "the eraseSubject event at position \(event.position) of device \(device) names no subject or has no time",
                        context: .init(stream: SubjectErasure.stream, position: event.position, operation: "erasures"))
                }
                let sessions = try await sessions(of: subject, before: event.position, client: client)
                let closed = try await closedSessions(before: event.position, of: Set(sessions), at: erasedAt, client: client)
                records.append(ErasureRecord(
                    origin: .device, position: event.position, eventID: event.id, subject: subject, requestedBy: event.requestedBy ?? "",
                    erasedAt: erasedAt, sessions: sessions.count, closedSessions: closed,
                    keyErased: try await !holdsSharedKey(of: subject, client: client)))
            }
            let collector = try await client.query("""
                SELECT x.subject, x.requested_by, x.erased_at FROM subject_erasures x
                WHERE x.device = \(device)
                   OR (x.device IS NULL AND EXISTS (SELECT 1 FROM session_subjects s WHERE s.device = \(device) AND s.subject = x.subject))
                ORDER BY x.id
                """, logger: store.logger)
            var rows: [(subject: String, requestedBy: String, at: Int64)] = []
            for try await row in collector.decode((String, String, Int64).self) { rows.append(row) }
            for row in rows {
                records.append(ErasureRecord(
                    origin: .collector, position: nil, eventID: nil, subject: row.subject, requestedBy: row.requestedBy, erasedAt: row.at,
                    sessions: try await sessions(of: row.subject, before: nil, client: client).count, closedSessions: [],
                    keyErased: try await !holdsSharedKey(of: row.subject, client: client)))
            }
            return records
        }
    }

    /// The device's sessions whose first event is sealed under `subject`, begun before `position` (all
    /// when nil), and those its base carries under `subject` (all begun before its cut).
    private func sessions(of subject: String, before position: Int64?, client: PostgresClient) async throws -> [String] {
        let rows = try await client.query("""
            SELECT stream FROM events WHERE device = \(device) AND version = 1
              AND schema_version = \(unescaped: String(SheetEventCodec.sealedSchemaVersion)) AND payload::jsonb ->> 'subject' = \(subject)
              AND position < \(position ?? Int64.max)
            UNION ALL
            SELECT session FROM device_base_sessions WHERE device = \(device) AND snapshot::jsonb ->> 'subject' = \(subject)
            """, logger: store.logger)
        var sessions: [String] = []
        for try await stream in rows.decode(String.self) { sessions.append(stream) }
        return sessions
    }

    /// The sessions the erasure at `position` closed: the device's events before it, newest first,
    /// read a chunk at a time until ``ErasureClosing`` says its run has ended.
    private func closedSessions(before position: Int64, of sessions: Set<String>, at erasedAt: Int64, client: PostgresClient) async throws -> [String] {
        var closing = ErasureClosing(sessionsOfSubject: sessions, erasedAt: erasedAt)
        var bound = position
        while bound > 1 {
            let rows = try await client.query("""
                SELECT position, stream, type, occurred_at FROM events WHERE device = \(device) AND position < \(bound)
                ORDER BY position DESC LIMIT 64
                """, logger: store.logger)
            var chunk: [(position: Int64, stream: String, type: String, at: Int64?)] = []
            for try await row in rows.decode((Int64, String, String, Int64?).self) { chunk.append(row) }
            for event in chunk {
                if !closing.take(stream: event.stream, type: event.type, occurredAt: event.at) { return closing.closedSessions }
            }
            guard let last = chunk.last, chunk.count == 64 else { break }
            bound = last.position
        }
        return closing.closedSessions
    }

    /// Whether the collector holds a key the device shared for `subject`.
    private func holdsSharedKey(of subject: String, client: PostgresClient) async throws -> Bool {
        let rows = try await client.query(
            "SELECT EXISTS (SELECT 1 FROM shared_keys WHERE device = \(device) AND subject = \(subject))", logger: store.logger)
        for try await held in rows.decode(Bool.self) { return held }
        return false
    }
}
