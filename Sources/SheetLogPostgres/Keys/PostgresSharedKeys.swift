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
                // The table before any subject's lock, in the order an erasure takes them.
                try await connection.query("LOCK TABLE shared_keys IN ROW EXCLUSIVE MODE", logger: reader.logger)
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
    }

    /// How long an erasure waits for the transactions using `shared_keys` (a share, a push, an
    /// operator's open transaction that read it) before it gives up, changing nothing.
    package static let lockTimeout: Duration = .seconds(10)

    /// Deletes the subject's shared keys (of `device`, or of every device when nil), records the
    /// erasure, so that later shares of the subject are refused, and rewrites `shared_keys` into a
    /// new file (``rewriteTable(_:_:)``), all in one transaction: the deleted rows' bytes leave the
    /// table's file when it commits. Erasing again changes nothing.
    ///
    /// Throws `.busy`, having changed nothing, when another transaction holds the table longer
    /// than `lockTimeout`.
    package func erase(subject: String, device: String?, requestedBy: String, lockTimeout: Duration = Self.lockTimeout) async throws -> Erasure {
        let now = clock.nowMilliseconds()
        return try await reader.reading("erase") { client in
            try await client.withTransaction(logger: reader.logger) { connection in
                // Before the table's lock: with no --device this reads every device's first events.
                if try await !Self.isKnown(subject, device: device, connection, reader.logger) {
                    // A mistyped subject would erase nothing and record an erasure nobody asked for.
                    let scope = device.map { "device \($0)" } ?? "any device"
                    throw SheetLogError(
                        .notFound, "no subject \(subject) on the collector: \(scope) pushed no session of it and shared no key of it; nothing was erased",
                        context: .init(operation: "erase"))
                }
                try await Self.lockTable(
                    connection, reader.logger, timeout: lockTimeout,
                    refusing: "erase of subject \(subject)", "nothing was erased: run the same erase again once it has ended")
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
                if count > 0 { try await Self.rewriteTable(connection, reader.logger) }
                return Erasure(keysDeleted: count, erasedBefore: nil)
            }
        }
    }

    /// Takes `shared_keys` for a rewrite (ACCESS EXCLUSIVE), waiting `timeout` at most for the
    /// transactions using it; past that, throws `.busy` naming `operation` and what it means for
    /// the caller (`outcome`), and the caller's transaction rolls back. Taken before any subject's
    /// lock: shares take them in that order too, so none waits for the other crosswise.
    static func lockTable(
        _ connection: PostgresConnection, _ logger: Logger, timeout: Duration = lockTimeout, refusing operation: String, _ outcome: String
    ) async throws {
        let milliseconds = max(1, timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        var previous = "0"
        for try await setting in try await connection.query("SELECT current_setting('lock_timeout')", logger: logger).decode(String.self) {
            previous = setting
        }
        try await connection.query("SELECT set_config('lock_timeout', \(String(milliseconds)), true)", logger: logger)
        do {
            try await connection.query("LOCK TABLE shared_keys IN ACCESS EXCLUSIVE MODE", logger: logger)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "55P03" {
            throw SheetLogError(.busy, """
                \(operation): another transaction of the fleet store held shared_keys for more than \(timeout) (a share, a push, \
                or an open transaction that read the table): \(outcome)
                """, context: .init(operation: operation))
        }
        // The rest of the caller's transaction (a push's or an import's) waits as it did before.
        try await connection.query("SELECT set_config('lock_timeout', \(previous), true)", logger: logger)
    }

    /// Moves `shared_keys`' current rows into a new file, in the caller's transaction, which holds
    /// the table (``lockTable(_:_:timeout:)``): TRUNCATE gives the table a new file and empties the
    /// old one when the transaction commits, so a deleted key's bytes leave the table's file
    /// whatever other transactions can still see. (`VACUUM FULL` copies a deleted row that a
    /// running transaction could still see into its new file: an erasure left the key there under
    /// CI's load.) The copy is a temporary table, dropped at commit, that never held the deleted rows.
    static func rewriteTable(_ connection: PostgresConnection, _ logger: Logger) async throws {
        try await connection.query("CREATE TEMPORARY TABLE sheetlog_kept_keys ON COMMIT DROP AS SELECT * FROM shared_keys", logger: logger)
        try await connection.query("TRUNCATE shared_keys", logger: logger)
        try await connection.query("INSERT INTO shared_keys SELECT * FROM sheetlog_kept_keys", logger: logger)
    }

    /// Whether the collector knows `subject` on `device` (any device when nil): a shared key of it,
    /// an erasure of it, or a session of it (whose first event names it, or the state a device's base carries).
    static func isKnown(_ subject: String, device: String?, _ connection: PostgresConnection, _ logger: Logger) async throws -> Bool {
        let rows = try await connection.query("""
            SELECT EXISTS (SELECT 1 FROM shared_keys WHERE subject = \(subject) AND (\(device)::text IS NULL OR device = \(device)))
                OR EXISTS (SELECT 1 FROM subject_erasures WHERE subject = \(subject) AND (device IS NULL OR \(device)::text IS NULL OR device = \(device)))
                OR EXISTS (SELECT 1 FROM session_subjects WHERE (\(device)::text IS NULL OR device = \(device)) AND subject = \(subject))
            """, logger: logger)
        for try await held in rows.decode(Bool.self) { return held }
        return false
    }

    /// Serialises, until the transaction ends, every share and erasure of `subject`: a share that
    /// found the subject not erased commits its key before an erasure deletes it, or waits and finds
    /// it erased (measured without it: 2 rounds in 6 left a key behind a racing erasure).
    static func lockSubject(_ subject: String, _ connection: PostgresConnection, _ logger: Logger) async throws {
        let name = "sheetlog shared key \(subject)"
        try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(name), 0))", logger: logger)
    }

    /// Erased on the collector (on every device or this one), by an `eraseSubject` event the device
    /// pushed, or by one its prunes removed and its base carries (fleet migration 0010).
    static func isErased(_ subject: String, device: String, _ connection: PostgresConnection, _ logger: Logger) async throws -> Bool {
        let rows = try await connection.query("""
            SELECT EXISTS (SELECT 1 FROM subject_erasures WHERE subject = \(subject) AND (device IS NULL OR device = \(device)))
                OR EXISTS (SELECT 1 FROM device_base_erasures WHERE device = \(device) AND subject = \(subject))
                OR EXISTS (SELECT 1 FROM events WHERE device = \(device) AND stream = \(SubjectErasure.stream)
                           AND type = \(SubjectErasure.type) AND payload::jsonb ->> 'subject' = \(subject))
            """, logger: logger)
        for try await erased in rows.decode(Bool.self) { return erased }
        return false
    }

    /// Takes `shared_keys` for the erasures among `events` (a device's pushed or imported batch),
    /// before the caller takes the device's lock: a share or an operator holding the table then
    /// delays this batch only, not the device's other writers behind it.
    static func lockTableForErasures(in events: [RecordedEvent], device: String, _ connection: PostgresConnection, _ logger: Logger) async throws {
        guard events.contains(where: isErasure) else { return }
        try await lockTable(
            connection, logger, refusing: "erasure of \(device)'s shared keys",
            "the batch that erases them was not stored: sending it again retries it")
    }

    /// Deletes the shared keys of the subjects whose `eraseSubject` events are among `events` (a
    /// device's pushed or imported batch), and rewrites the table when it deleted one, in the
    /// caller's transaction, which took the table first (``lockTableForErasures(in:device:_:_:)``).
    static func deleteKeys(erasedIn events: [RecordedEvent], device: String, _ connection: PostgresConnection, _ logger: Logger) async throws {
        var subjects: Set<String> = []
        for event in events where isErasure(event) {
            subjects.insert(try SubjectErasure.decode(event).subject)
        }
        if subjects.isEmpty { return }
        try await lockTableForErasures(in: events, device: device, connection, logger)  // held already: returns at once
        try await deleteKeys(of: subjects, device: device, connection, logger)
    }

    /// Takes `shared_keys` before a device's base is stored with the erasures its prunes removed
    /// (``deleteKeys(of:device:_:_:)`` then deletes their keys), as ``lockTableForErasures(in:device:_:_:)`` does for a batch.
    static func lockTableForBase(of device: String, _ connection: PostgresConnection, _ logger: Logger) async throws {
        try await lockTable(
            connection, logger, refusing: "erasure of \(device)'s shared keys",
            "the base that erases them was not stored: importing the file again retries it")
    }

    /// Deletes `device`'s shared keys of `subjects` and rewrites the table when it deleted one, in the
    /// caller's transaction, which took the table first.
    static func deleteKeys(of subjects: Set<String>, device: String, _ connection: PostgresConnection, _ logger: Logger) async throws {
        var deleted = 0
        // In the order shares lock them.
        for subject in subjects.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            try await lockSubject(subject, connection, logger)
            let rows = try await connection.query(
                "DELETE FROM shared_keys WHERE device = \(device) AND subject = \(subject) RETURNING 1", logger: logger)
            for try await _ in rows { deleted += 1 }
        }
        if deleted > 0 { try await rewriteTable(connection, logger) }
    }

    private static func isErasure(_ event: RecordedEvent) -> Bool {
        event.stream == SubjectErasure.stream && event.type == SubjectErasure.type
    }
}
