import Foundation
import PostgresNIO
import SheetLogCore
import SheetLogDomain

extension PostgresEventStore {
    /// Appends `batches` in one transaction: the device's lock, the idempotency check (before
    /// expected versions, so that a retry of a committed append is recognised), the expected
    /// versions, then the events chained after the device's last one, and (with
    /// ``sheetProjections``) their read-model rows. Other devices' appends commit side by side.
    @concurrent
    public func append(_ batches: [StreamBatch]) async throws -> AppendResult {
        try limits.validate(batches)
        let recordedAt = clock.nowMilliseconds()
        return try await inTransaction("append") { [self] connection in
            try await lockDevice(connection)
            if let originals = try await storedOriginals(of: batches, connection) {
                return AppendResult(events: originals, alreadyStored: true)
            }
            try await checkExpectedVersions(of: batches, connection)
            let recorded = try await record(batches, recordedAt: recordedAt, connection)
            try await insert(recorded, connection)
            if sheetProjections { try await writeSheetRows(of: recorded, connection) }
            return AppendResult(events: recorded, alreadyStored: false)
        }
    }

    /// Takes the transaction-scoped lock of this device's writers (appends, pushed and imported
    /// batches, rebuilds), the only lock of the write path: under it, the device's events and
    /// read-model rows change only in this transaction, so its positions are numbered and committed
    /// in order, while other devices' writers go on. The device's head is read after it, in a
    /// statement of its own (a statement's snapshot is taken when it starts, before its lock waits).
    func lockDevice(_ connection: PostgresConnection) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(\(Self.deviceLockClass), hashtext(\(device)))", logger: logger)
    }

    /// The stored originals, in request order, when every event id of `batches` is stored with the
    /// same content in the same stream; nil when none is stored. Throws
    /// ``SheetLogError/Code/idempotencyConflict`` otherwise.
    func storedOriginals(of batches: [StreamBatch], _ connection: PostgresConnection) async throws -> [RecordedEvent]? {
        let ids = batches.flatMap { $0.events.map(\.eventID) }
        guard !ids.isEmpty else { return nil }
        let stored = try await events(withIDs: ids, connection)
        guard !stored.isEmpty else { return nil }
        let byID = Dictionary(stored.map { ($0.eventID, $0) }, uniquingKeysWith: { first, _ in first })
        var originals: [RecordedEvent] = []
        var firstNew: (eventID: String, stream: String)?
        for batch in batches {
            for event in batch.events {
                guard let original = byID[event.eventID] else {
                    if firstNew == nil { firstNew = (event.eventID, batch.stream) }
                    continue
                }
                let context = SheetLogError.Context(
                    stream: batch.stream, position: original.position, eventID: event.eventID, eventType: event.type, operation: "append")
                if original.stream != batch.stream {
                    throw SheetLogError(
                        .idempotencyConflict,
                        "event id \(event.eventID) is already stored in stream \(original.stream) at position \(original.position), not in stream \(batch.stream)",
                        context: context)
                }
                if !event.hasSameContent(as: original) {
                    throw SheetLogError(
                        .idempotencyConflict,
                        "event id \(event.eventID) is already stored in stream \(batch.stream) at position \(original.position) with other content",
                        context: context)
                }
                originals.append(original)
            }
        }
        if let firstNew, let firstStored = originals.first {
            throw SheetLogError(
                .idempotencyConflict,
                "event id \(firstStored.eventID) is already stored at position \(firstStored.position) "
                    + "but event id \(firstNew.eventID) of the same append is new; an append is retried whole or not at all",
                context: .init(stream: firstNew.stream, position: firstStored.position, eventID: firstStored.eventID, operation: "append"))
        }
        return originals
    }

    /// Checks every batch's expectation, in order, against the versions earlier batches of the same
    /// append will have produced.
    private func checkExpectedVersions(of batches: [StreamBatch], _ connection: PostgresConnection) async throws {
        var versions: [String: Int64] = [:]
        for batch in batches {
            let actual: Int64
            if let pending = versions[batch.stream] {
                actual = pending
            } else {
                actual = try await streamVersion(batch.stream, connection)
            }
            guard batch.expected.isSatisfied(byActualVersion: actual) else {
                throw SheetLogError(
                    .wrongExpectedVersion,
                    "append to stream \(batch.stream) expected version \(batch.expected) but the stream is at version \(actual)",
                    context: .init(stream: batch.stream, expectedVersion: batch.expected.description, actualVersion: actual, operation: "append"))
            }
            versions[batch.stream] = actual + Int64(batch.events.count)
        }
    }

    /// The batches' events as they will be stored: positions after the device's last, versions after
    /// each stream's stored one, chained (rule 2) after the device's last chain.
    private func record(_ batches: [StreamBatch], recordedAt: Int64, _ connection: PostgresConnection) async throws -> [RecordedEvent] {
        guard batches.contains(where: { !$0.events.isEmpty }) else { return [] }
        let head = try await lastLink(connection)
        var versions: [String: Int64] = [:]
        for batch in batches where versions[batch.stream] == nil {
            versions[batch.stream] = try await streamVersion(batch.stream, connection)
        }
        return batches.recorded(after: head.position, chain: head.chain, versions: versions, recordedAt: recordedAt)
    }

    /// The device's last position, chain and chain rule: (0, genesis, 1) for a device with no events.
    func lastLink(_ connection: PostgresConnection) async throws -> StoredHead {
        let rows = try await connection.query("""
            SELECT position, chain, chain_version, EXISTS (SELECT 1 FROM device_bases WHERE device = \(device))
            FROM events WHERE device = \(device) ORDER BY position DESC LIMIT 1
            """, logger: logger)
        for try await (position, chain, rule, startedAtBase) in rows.decode((Int64, Data, Int, Bool).self) {
            return StoredHead(position: position, chain: [UInt8](chain), rule: rule, startedAtBase: startedAtBase)
        }
        // A device that started at a base (fleet migration 0010) and has no event yet ends at its cut.
        // The base keeps no chain rule: the first kept event may be under any.
        if let base = try await storedBase(connection) {
            return StoredHead(position: base.cutPosition, chain: base.chain, rule: 1, startedAtBase: true)
        }
        return StoredHead(position: 0, chain: IntegrityChain.genesis, rule: 1)
    }

    /// Inserts `events` (already numbered and chained), under the device's lock.
    func insert(_ events: [RecordedEvent], _ connection: PostgresConnection) async throws {
        try await connection.run(insertStatements(events), logger: logger)
    }

    /// The statements that insert `events`, every value bound: one statement of arrays per few
    /// thousand rows, unnested by PostgreSQL.
    ///
    /// Arrays rather than a multi-row VALUES list: a 500-row list is 7,000 parameters, which the server
    /// spent 3 ms parsing each time (`log_min_duration_statement`, 20,000 events: parse 122 ms and
    /// bind 168 ms of the INSERT's 1,017 ms). Arrays have no NULL elements in postgres-nio, so
    /// `metadata` and `occurred_at` travel with a flag each.
    func insertStatements(_ events: [RecordedEvent]) -> [PostgresQuery] {
        var statements: [PostgresQuery] = []
        var pending = events[...]
        while !pending.isEmpty {
            // At most 5,000 rows and about 16 MB of payload a statement.
            var count = 0, bytes = 0
            for event in pending {
                if count > 0, count == 5_000 || bytes + event.payload.utf8.count > 16 << 20 { break }
                count += 1
                bytes += event.payload.utf8.count
            }
            let chunk = pending.prefix(count)
            pending = pending.dropFirst(count)
            var binds = PostgresBindings(capacity: 15)
            binds.append(device)
            binds.append(chunk.map(\.position))
            binds.append(chunk.map(\.eventID))
            binds.append(chunk.map(\.stream))
            binds.append(chunk.map(\.version))
            binds.append(chunk.map(\.type))
            binds.append(chunk.map { Int32($0.schemaVersion) })
            binds.append(chunk.map(\.payload))
            binds.append(chunk.map { $0.metadata ?? "" })
            binds.append(chunk.map { $0.metadata == nil })
            binds.append(chunk.map { $0.occurredAt ?? 0 })
            binds.append(chunk.map { $0.occurredAt == nil })
            binds.append(chunk.map(\.recordedAt))
            binds.append(chunk.map { ByteBuffer(bytes: $0.chain) })
            binds.append(chunk.map { Int32($0.chainVersion) })
            statements.append(PostgresQuery(unsafeSQL: Self.insertEventsSQL, binds: binds))
        }
        return statements
    }

    // unnest yields rows in array order, which is position order: no ORDER BY (its sort showed in
    // the server's profile of an import).
    private static let insertEventsSQL = """
        INSERT INTO events (device, position, event_id, stream, version, type, schema_version, payload, metadata,
                            occurred_at, recorded_at, chain, chain_version)
        SELECT $1, position, event_id, stream, version, type, schema_version, payload,
               CASE WHEN no_metadata THEN NULL ELSE metadata END, CASE WHEN no_occurred_at THEN NULL ELSE occurred_at END,
               recorded_at, chain, chain_version
        FROM unnest($2::int8[], $3::text[], $4::text[], $5::int8[], $6::text[], $7::int4[], $8::text[], $9::text[], $10::bool[],
                    $11::int8[], $12::bool[], $13::int8[], $14::bytea[], $15::int4[])
             AS row (position, event_id, stream, version, type, schema_version, payload, metadata, no_metadata,
                     occurred_at, no_occurred_at, recorded_at, chain, chain_version)
        """

    func streamVersion(_ stream: String, _ connection: PostgresConnection) async throws -> Int64 {
        // A session the device's base carries continues from its carried version.
        let rows = try await connection.query("""
            SELECT coalesce(max(version),
                            (SELECT version FROM device_base_sessions WHERE device = \(device) AND session = \(stream)),
                            (SELECT max(version) FROM device_base_erasures WHERE device = \(device) AND \(stream) = \(SubjectErasure.stream)),
                            0)::bigint
            FROM events WHERE device = \(device) AND stream = \(stream)
            """, logger: logger)
        for try await (version) in rows.decode(Int64.self) { return version }
        return 0
    }

    func events(withIDs ids: [String], _ connection: PostgresConnection) async throws -> [RecordedEvent] {
        let rows = try await connection.query(
            "SELECT \(unescaped: Self.eventColumns) FROM events WHERE device = \(device) AND event_id = ANY(\(ids)) ORDER BY position",
            logger: logger)
        return try await Self.decodeEvents(rows)
    }
}
