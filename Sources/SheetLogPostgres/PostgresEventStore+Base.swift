import Foundation
import PostgresNIO
import SheetLogCore
import SheetLogDomain
import SheetLogJSON
import SheetLogProjections
import SheetLogStorage

/// A device that reached the fleet already pruned starts at its base (fleet migration 0010): the
/// base's row, its carried sessions and erasures, and its log from the cut + 1 on.
extension PostgresEventStore {
    /// The device's base when it started at one, nil otherwise.
    func storedBase(_ connection: PostgresConnection) async throws -> LogBase? {
        let rows = try await connection.query("""
            SELECT b.cut_position, b.chain, b.pruned_at, b.removed_events,
                   (SELECT count(*) FROM device_base_erasures e WHERE e.device = b.device)::bigint,
                   (SELECT coalesce(max(e.version), 0) FROM device_base_erasures e WHERE e.device = b.device)::bigint
            FROM device_bases b WHERE b.device = \(device)
            """, logger: logger)
        for try await (cut, chain, prunedAt, removed, erasures, version) in rows.decode((Int64, Data, Int64, Int64, Int64, Int64).self) {
            return LogBase(
                cutPosition: cut, chain: [UInt8](chain), prunedAt: prunedAt, removedEvents: removed,
                carriedErasures: Int(erasures), carriedErasuresVersion: version)
        }
        return nil
    }

    /// The sessions the device's base carries, read: their values as the image gave them (in clear
    /// for a plain device, withheld markers for a sealed one: the fleet holds no subjects' keys).
    func carriedSessions(_ connection: PostgresConnection) async throws -> [CarriedSession] {
        let rows = try await connection.query(
            "SELECT snapshot FROM device_base_sessions WHERE device = \(device) ORDER BY session", logger: logger)
        var sessions: [CarriedSession] = []
        for try await (snapshot) in rows.decode(String.self) {
            sessions.append(try CarriedSession(snapshot: snapshot, keys: NoSubjectKeys(), valuesSealed: false))
        }
        return sessions
    }

    /// The state the device's base carries for `session`, nil when it carries none.
    func carriedState(of session: String, _ connection: PostgresConnection) async throws -> CarriedState? {
        let rows = try await connection.query("""
            SELECT s.version, b.cut_position, b.pruned_at, s.snapshot
            FROM device_base_sessions s JOIN device_bases b ON b.device = s.device
            WHERE s.device = \(device) AND s.session = \(session)
            """, logger: logger)
        for try await (version, cut, prunedAt, snapshot) in rows.decode((Int64, Int64, Int64, String).self) {
            return CarriedState(session: session, version: version, cutPosition: cut, prunedAt: prunedAt, snapshot: snapshot)
        }
        return nil
    }

    /// The device's base as an export writes it, nil when it started at none.
    func baseImage(_ connection: PostgresConnection) async throws -> LogBaseImage? {
        let bases = try await connection.query("""
            SELECT cut_position, chain, pruned_at, first_recorded_at, last_recorded_at, removed_events
            FROM device_bases WHERE device = \(device)
            """, logger: logger)
        var image: LogBaseImage?
        for try await (cut, chain, prunedAt, first, last, removed) in bases.decode((Int64, Data, Int64, Int64, Int64, Int64).self) {
            image = LogBaseImage(
                cutPosition: cut, chain: [UInt8](chain), prunedAt: prunedAt, firstRecordedAt: first, lastRecordedAt: last, removedEvents: removed)
        }
        guard var image else { return nil }
        let erasures = try await connection.query("""
            SELECT event_id, position, version, subject, requested_by, occurred_at, recorded_at, chain, sessions, closed_sessions
            FROM device_base_erasures WHERE device = \(device) ORDER BY position
            """, logger: logger)
        for try await row in erasures.decode((String, Int64, Int64, String, String, Int64, Int64, Data, Int, String).self) {
            image.erasures.append(LogBaseImage.Erasure(
                eventID: row.0, position: row.1, version: row.2, subject: row.3, requestedBy: row.4, occurredAt: row.5,
                recordedAt: row.6, chain: [UInt8](row.7), sessions: row.8,
                closedSessions: try ProjectionColumn.strings(row.9, table: "device_base_erasures", column: "closed_sessions", row: row.0)))
        }
        let sessions = try await connection.query(
            "SELECT session, version, snapshot FROM device_base_sessions WHERE device = \(device) ORDER BY session", logger: logger)
        for try await (session, version, snapshot) in sessions.decode((String, Int64, String).self) {
            image.sessions.append(LogBaseImage.Session(session: session, version: version, state: snapshot))
        }
        return image
    }

    /// Makes this device, new to the fleet, start at `image` (its pruned file's base), in the
    /// caller's transaction: the base's row, its carried sessions and erasures (their subjects'
    /// shared keys deleted), and the read-model rows of the carried sessions, as a rebuild makes
    /// them. Returns false, writing nothing, when the device is not new any more once its lock is
    /// held (another import or a push got there first: the caller goes on as for a device the
    /// fleet holds, which continues only where the fleet holds the pruned part). Throws
    /// ``SheetLogError/Code/invalidInput`` for an image that breaks a rule of a base (named, never
    /// with a value).
    func startAtBase(_ image: LogBaseImage, _ connection: PostgresConnection) async throws -> Bool {
        let carried = try image.validatedSessions()
        if !image.erasures.isEmpty { try await PostgresSharedKeys.lockTableForBase(of: device, connection, logger) }
        try await lockDevice(connection)
        guard try await lastLink(connection).position == 0 else { return false }
        try await connection.query("""
            INSERT INTO device_bases (device, cut_position, chain, removed_events, first_recorded_at, last_recorded_at, pruned_at, started_by)
            VALUES (\(device), \(image.cutPosition), \(ByteBuffer(bytes: image.chain)), \(image.removedEvents), \(image.firstRecordedAt),
                    \(image.lastRecordedAt), \(image.prunedAt), 'import')
            """, logger: logger)
        for erasure in image.erasures {
            var closed = JSONWriter(capacity: 64)
            closed.strings(erasure.closedSessions)
            try await connection.query("""
                INSERT INTO device_base_erasures (device, event_id, position, version, subject, requested_by, occurred_at, recorded_at,
                                                  chain, sessions, closed_sessions)
                VALUES (\(device), \(erasure.eventID), \(erasure.position), \(erasure.version), \(erasure.subject), \(erasure.requestedBy),
                        \(erasure.occurredAt), \(erasure.recordedAt), \(ByteBuffer(bytes: erasure.chain)), \(erasure.sessions), \(closed.text))
                """, logger: logger)
        }
        for session in carried {
            try await connection.query("""
                INSERT INTO device_base_sessions (device, session, version, snapshot)
                VALUES (\(device), \(session.session), \(session.version), \(session.snapshotJSON(valuesSealed: false)))
                """, logger: logger)
        }
        try await PostgresSharedKeys.deleteKeys(of: Set(image.erasures.map(\.subject)), device: device, connection, logger)
        if sheetProjections { try await writeRebuiltRows(connection) }
        return true
    }
}
