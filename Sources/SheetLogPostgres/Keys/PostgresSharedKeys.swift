import Logging
import PostgresNIO
import SheetLogCore
import SheetLogDomain

/// The subjects' keys devices share with the collector, and the erasures made on it (`shared_keys`,
/// `subject_erasures`, fleet migration 0004). Keys are kept as the devices wrapped them, for the
/// collector's public key: these tables alone open nothing.
///
/// A subject erased on the collector, or whose `eraseSubject` event its device pushed, has no
/// shared key and gets none again: a share of it is answered as erased and not stored.
///
/// ```swift
/// let keys = PostgresSharedKeys.on(fleet)
/// let outcome = try await keys.store(shared, device: "ipad-7")   // outcome.erased: refused subjects
/// let erasure = try await keys.erase(subject: "user-42", device: nil, requestedBy: "ticket 88")
/// ```
package struct PostgresSharedKeys: Sendable {
    private let reader: PostgresFleetReader
    private let clock: any SheetLogClock

    package static func on(_ reader: PostgresFleetReader, clock: any SheetLogClock = WallClock()) -> PostgresSharedKeys {
        PostgresSharedKeys(reader: reader, clock: clock)
    }

    /// What a share did: keys stored (a key shared before is replaced), subjects refused as erased.
    package struct StoreOutcome: Sendable, Hashable {
        package var stored: Int
        package var erased: [String]
    }

    /// Stores `keys` as `device` shared them, in one transaction; the erased subjects' keys are not stored.
    package func store(_ keys: [SharedSubjectKey], device: String) async throws -> StoreOutcome {
        let now = clock.nowMilliseconds()
        return try await reader.reading("share keys") { client in
            try await client.withTransaction(logger: reader.logger) { connection in
                var outcome = StoreOutcome(stored: 0, erased: [])
                // In subject order, so that two shares of the same subjects never wait for each other crosswise.
                for key in keys.sorted(by: { Array($0.subject.utf8).lexicographicallyPrecedes(Array($1.subject.utf8)) }) {
                    try await Self.lockSubject(key.subject, connection, reader.logger)
                    if try await Self.isErased(key.subject, device: device, connection, reader.logger) {
                        outcome.erased.append(key.subject)
                        continue
                    }
                    let (ephemeral, sealed) = (ByteBuffer(bytes: key.ephemeralPublicKey), ByteBuffer(bytes: key.sealedKey))
                    try await connection.query("""
                        INSERT INTO shared_keys (device, subject, ephemeral, sealed_key, shared_at)
                        VALUES (\(device), \(key.subject), \(ephemeral), \(sealed), \(now))
                        ON CONFLICT (device, subject) DO UPDATE SET ephemeral = EXCLUDED.ephemeral, sealed_key = EXCLUDED.sealed_key,
                            shared_at = EXCLUDED.shared_at
                        """, logger: reader.logger)
                    outcome.stored += 1
                }
                return outcome
            }
        }
    }

    /// What the collector holds for a subject of a device.
    package enum Held: Sendable, Hashable {
        case shared(SharedSubjectKey)
        case erased
        case none
    }

    package func key(device: String, subject: String) async throws -> Held {
        try await reader.reading("open shared key") { client in
            try await client.withConnection { connection in
                if try await Self.isErased(subject, device: device, connection, reader.logger) { return .erased }
                let rows = try await connection.query(
                    "SELECT ephemeral, sealed_key FROM shared_keys WHERE device = \(device) AND subject = \(subject)", logger: reader.logger)
                for try await (ephemeral, sealed) in rows.decode((ByteBuffer, ByteBuffer).self) {
                    return .shared(SharedSubjectKey(subject: subject, ephemeralPublicKey: Array(buffer: ephemeral), sealedKey: Array(buffer: sealed)))
                }
                return .none
            }
        }
    }

    /// What ``erase(subject:device:requestedBy:)`` did.
    package struct Erasure: Sendable {
        /// Shared keys deleted now.
        package var keysDeleted: Int
        /// When the subject was erased before, and on which device (nil: every device), when nothing
        /// was left to delete: nil when this erasure is new.
        package var erasedBefore: (at: Int64, device: String?)?
        /// False when something that holds back VACUUM's horizon (another transaction's snapshot or
        /// transaction id, a prepared transaction, a replication slot) outlived the wait before
        /// `VACUUM FULL`: the table's file may keep the deleted rows' bytes until the same erase
        /// runs again.
        package var tableRewritten = true
    }

    /// Deletes the subject's shared keys (of `device`, or of every device when nil) and records the
    /// erasure, so that later shares of the subject are refused; then rewrites `shared_keys`
    /// (VACUUM FULL), so that the deleted rows' bytes leave its file. Erasing again changes nothing.
    package func erase(subject: String, device: String?, requestedBy: String) async throws -> Erasure {
        let now = clock.nowMilliseconds()
        var erasure = try await reader.reading("erase") { client in
            try await client.withTransaction(logger: reader.logger) { connection in
                try await Self.lockSubject(subject, connection, reader.logger)
                let deleted = try await connection.query(
                    "DELETE FROM shared_keys WHERE subject = \(subject) AND (\(device)::text IS NULL OR device = \(device)) RETURNING 1",
                    logger: reader.logger)
                var count = 0
                for try await _ in deleted { count += 1 }
                let earlier = try await connection.query("""
                    SELECT erased_at, device FROM subject_erasures WHERE subject = \(subject) AND (device IS NULL OR device = \(device))
                    ORDER BY erased_at, id LIMIT 1
                    """, logger: reader.logger)
                var erasedBefore: (at: Int64, device: String?)?
                for try await (at, earlierDevice) in earlier.decode((Int64, String?).self) { erasedBefore = (at, earlierDevice) }
                if count == 0, let erasedBefore { return Erasure(keysDeleted: 0, erasedBefore: erasedBefore) }
                try await connection.query("""
                    INSERT INTO subject_erasures (subject, device, requested_by, erased_at, keys_deleted)
                    VALUES (\(subject), \(device), \(requestedBy), \(now), \(count))
                    """, logger: reader.logger)
                return Erasure(keysDeleted: count, erasedBefore: nil)
            }
        }
        // Also when nothing was left to delete: running the same erase again rewrites the table
        // that an older snapshot kept from being rewritten cleanly the first time.
        erasure.tableRewritten = try await waitForOlderSnapshots()
        _ = try await reader.reading("erase") { client in try await client.query("VACUUM FULL shared_keys", logger: reader.logger) }
        return erasure
    }

    /// Waits (5 s at most) until nothing holds back the horizon VACUUM removes deleted rows behind:
    /// VACUUM FULL copies a deleted row that an older transaction could still see into the new file,
    /// and the key would stay in the table's file. What holds it, as PostgreSQL computes it for a
    /// table: another backend of this database with a snapshot (`backend_xmin`) or with a transaction
    /// id (`backend_xid`: a writer idle between statements has no snapshot, and psql's open
    /// transaction kept the key in the file that way), a walsender's hot-standby feedback, a
    /// prepared transaction of this database, or a replication slot's `xmin`. False when one still did.
    private func waitForOlderSnapshots() async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            let holding = try await reader.reading("erase") { client in
                let rows = try await client.query("""
                    SELECT (SELECT count(*) FROM pg_stat_activity
                            WHERE pid <> pg_backend_pid() AND (backend_xmin IS NOT NULL OR backend_xid IS NOT NULL)
                              AND (datname = current_database() OR backend_type = 'walsender'))
                         + (SELECT count(*) FROM pg_prepared_xacts WHERE database = current_database())
                         + (SELECT count(*) FROM pg_replication_slots WHERE xmin IS NOT NULL)
                    """, logger: reader.logger)
                for try await count in rows.decode(Int64.self) { return Int(count) }
                return 0
            }
            if holding == 0 { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Serialises, until the transaction ends, every share and erasure of `subject`: a share that
    /// found the subject not erased commits its key before an erasure deletes it, or waits and finds
    /// it erased (measured without it: 2 rounds in 6 left a key behind a racing erasure).
    static func lockSubject(_ subject: String, _ connection: PostgresConnection, _ logger: Logger) async throws {
        let name = "sheetlog shared key \(subject)"
        try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(name), 0))", logger: logger)
    }

    /// Erased on the collector (on every device or this one), or by an `eraseSubject` event the device pushed.
    static func isErased(_ subject: String, device: String, _ connection: PostgresConnection, _ logger: Logger) async throws -> Bool {
        let rows = try await connection.query("""
            SELECT EXISTS (SELECT 1 FROM subject_erasures WHERE subject = \(subject) AND (device IS NULL OR device = \(device)))
                OR EXISTS (SELECT 1 FROM events WHERE device = \(device) AND stream = \(SubjectErasure.stream)
                           AND type = \(SubjectErasure.type) AND payload::jsonb ->> 'subject' = \(subject))
            """, logger: logger)
        for try await erased in rows.decode(Bool.self) { return erased }
        return false
    }

    /// Deletes the shared keys of the subjects whose `eraseSubject` events are among `events` (a
    /// device's pushed or imported batch), in the caller's transaction.
    static func deleteKeys(erasedIn events: [RecordedEvent], device: String, _ connection: PostgresConnection, _ logger: Logger) async throws {
        var subjects: Set<String> = []
        for event in events where event.stream == SubjectErasure.stream && event.type == SubjectErasure.type {
            subjects.insert(try SubjectErasure.decode(event).subject)
        }
        // In the order shares lock them.
        for subject in subjects.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            try await lockSubject(subject, connection, logger)
            try await connection.query("DELETE FROM shared_keys WHERE device = \(device) AND subject = \(subject)", logger: logger)
        }
    }
}
