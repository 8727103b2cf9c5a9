import Foundation
import GRDB
import SheetLogCore

extension SQLiteEventStore {
    /// Appends every batch in one transaction: all or nothing.
    ///
    /// A stream may appear in several batches of one append: each batch's expected version is
    /// checked against the stream's version after the earlier batches, as if they were appended
    /// one after the other, and versions stay consecutive.
    @concurrent
    public func append(_ batches: [StreamBatch]) async throws -> AppendResult {
        try refuseWriteIfReadOnly("append")
        try configuration.limits.validate(batches)
        return try append(deciding: { _ in DecidedAppend(batches: batches, plan: (), validated: true) }).result
    }

    /// Decides what to append inside the append's write transaction, then appends it: the batches
    /// and receipts `decide` returns are inserted, with their projections, in that transaction.
    ///
    /// `decide` reads the log as stored through its ``SQLiteAppendTransaction``, once, and must not act
    /// on the world: its plan is handed back only once the transaction ended. Nothing is written when
    /// it throws, or returns nothing to append.
    package func append<Plan>(deciding decide: (SQLiteAppendTransaction) throws -> DecidedAppend<Plan>) throws -> DecidedAppendOutcome<Plan> {
        try refuseWriteIfReadOnly("append")
        let outcome: DecidedAppendOutcome<Plan>
        do {
            outcome = try writeOnCallingThread { db in try self.appendTransaction(decide, in: db) }
        } catch {
            throw SheetLogError.wrapping(error, operation: "append")
        }
        if !outcome.result.alreadyStored && !outcome.result.events.isEmpty { commitBell.ring() }
        return outcome
    }

    /// BEGIN IMMEDIATE … COMMIT, issued here so that a failing COMMIT is told apart from every other failure.
    private func appendTransaction<Plan>(
        _ decide: (SQLiteAppendTransaction) throws -> DecidedAppend<Plan>, in db: Database
    ) throws -> DecidedAppendOutcome<Plan> {
        let pass = try recordInTransaction(decide, in: db)
        guard pass.writes else {
            try? db.rollback()  // nothing was written
            return DecidedAppendOutcome(result: pass.result, plan: pass.plan, mark: pass.startMark)
        }
        do {
            try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
        } catch {
            try? db.rollback()
            tailCache.invalidate()
            throw commitFailure(error, batches: pass.batches, in: db)
        }
        var mark = pass.startMark
        if var tail = pass.tail {
            tail.totalChanges = db.totalChangesCount
            tailCache.store(tail, epoch: pass.epoch)
            mark = LogMark(epoch: pass.epoch, position: tail.position)
        }
        return DecidedAppendOutcome(result: pass.result, plan: pass.plan, mark: mark)
    }

    /// BEGIN IMMEDIATE and the inserts; the transaction is rolled back when they throw.
    private func recordInTransaction<Plan>(
        _ decide: (SQLiteAppendTransaction) throws -> DecidedAppend<Plan>, in db: Database
    ) throws -> AppendPass<Plan> {
        do {
            // A cached statement: GRDB's beginTransaction and commit prepare their SQL at every call.
            try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
        } catch {
            throw SheetLogError.wrapping(error, operation: "beginning the append transaction")
        }
        do {
            return try record(decide, in: db)
        } catch {
            try? db.rollback()
            throw SheetLogError.wrapping(error, operation: "append")
        }
    }

    /// One pass of the inserts: the result, and the log's new tail to cache once COMMIT returned.
    private struct AppendPass<Plan> {
        var result: AppendResult
        var plan: Plan
        var batches: [StreamBatch]
        /// False when the pass inserted nothing: the transaction is rolled back, not committed.
        var writes: Bool
        var tail: LogTailCache.Tail?
        var epoch: LogEpoch
        var startMark: LogMark
    }

    private func record<Plan>(
        _ decide: (SQLiteAppendTransaction) throws -> DecidedAppend<Plan>, in db: Database
    ) throws -> AppendPass<Plan> {
        // Read first, before this pass changes anything: did anything but this store's appends
        // change the database since its last commit?
        let dataVersion = try db.cachedStatement(sql: "PRAGMA data_version").fetchValue(Int64.self) ?? 0
        let (known, epoch) = tailCache.tail(dataVersion: dataVersion, totalChanges: db.totalChangesCount)
        var position: Int64
        var chain: [UInt8]
        if let known {
            (position, chain) = (known.position, known.chain)
        } else {
            (position, chain) = try logEnd(in: db)
        }
        let startMark = LogMark(epoch: epoch, position: position)
        let sealing = try known.map { $0.sealing } ?? SealingRecord.read(in: db, migrated: true)
        let decided = try decide(SQLiteAppendTransaction(
            db: db, mark: startMark, ring: configuration.keyRing, clock: configuration.clock,
            location: location, sealingRecord: sealing))
        let batches = decided.batches
        func pass(_ result: AppendResult, writes: Bool, tail: LogTailCache.Tail?) -> AppendPass<Plan> {
            AppendPass(result: result, plan: decided.plan, batches: batches, writes: writes, tail: tail, epoch: epoch,
                       startMark: startMark)
        }
        if batches.allSatisfy({ $0.events.isEmpty }) && decided.receipts.isEmpty {
            return pass(AppendResult(events: [], alreadyStored: false), writes: false, tail: nil)
        }
        if !decided.validated { try configuration.limits.validate(batches, checkingJSON: !decided.jsonWrittenStrictlyValid) }
        // Idempotency comes before the expected version: a retry of a stored append expects a stale one.
        if !decided.idsLookedUp, let originals = try storedOriginals(of: batches, in: db) {
            return pass(AppendResult(events: originals, alreadyStored: true), writes: false, tail: nil)
        }
        let recordedAt = configuration.clock.nowMilliseconds()
        // A stream with no kept event continues from its pruned version (a carried session, from the
        // state its base carries; a pruned session, whose commands the planner refuses; `$erasures`,
        // whose removed events the bases carry).
        let versionQuery = try db.cachedStatement(sql: """
            SELECT COALESCE(MAX(version), (SELECT version FROM base_sessions WHERE session = ?1),
                            (SELECT last_version FROM pruned_sessions WHERE session = ?1),
                            CASE WHEN ?1 = '$erasures' THEN (SELECT max(json_extract(e.value, '$.version')) FROM log_bases b, json_each(b.erasures) e) END,
                            0)
            FROM events WHERE stream = ?1
            """)
        let insert = try db.cachedStatement(sql: """
            INSERT INTO events (position, event_id, stream, version, type, schema_version, payload, metadata,
                                occurred_at, recorded_at, chain, chain_version)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, \(ChainRule.v2.rawValue))
            """)
        var versions: [String: Int64] = [:]
        var recorded: [RecordedEvent] = []
        recorded.reserveCapacity(batches.reduce(0) { $0 + $1.events.count })
        for batch in batches {
            let actual: Int64
            if let inThisAppend = versions[batch.stream] {
                actual = inThisAppend
            } else if let cached = known?.streamVersions[batch.stream] {
                actual = cached
            } else {
                actual = try versionQuery.fetchValue(Int64.self) { $0.bind(batch.stream) } ?? 0
            }
            guard batch.expected.isSatisfied(byActualVersion: actual) else {
                throw SheetLogError(
                    .wrongExpectedVersion,
                    "stream \(batch.stream) was expected at version \(batch.expected) but is at version \(actual)",
                    context: .init(stream: batch.stream, expectedVersion: batch.expected.description,
                                   actualVersion: actual, eventID: batch.events.first?.eventID, operation: "append"))
            }
            var version = actual
            for event in batch.events {
                position += 1
                version += 1
                chain = IntegrityChain.linkV2(
                    previous: chain, position: position, eventID: event.eventID, stream: batch.stream, version: version,
                    type: event.type, schemaVersion: event.schemaVersion, payload: event.payload, metadata: event.metadata,
                    occurredAt: event.occurredAt, recordedAt: recordedAt)
                do {
                    try insert.execute { row in
                        row.bind(position)
                        row.bind(event.eventID)
                        row.bind(batch.stream)
                        row.bind(version)
                        row.bind(event.type)
                        row.bind(event.schemaVersion)
                        row.bind(event.payload)
                        row.bind(event.metadata)
                        row.bind(event.occurredAt)
                        row.bind(recordedAt)
                        row.bind(blob: chain)
                    }
                } catch let error as DatabaseError where decided.idsLookedUp && error.resultCode == .SQLITE_CONSTRAINT {
                    // A decision that looked its ids up meets a stored one only for an id it did not
                    // derive from a command's (an event appended under `id#2` by other means): say which.
                    _ = try storedOriginals(of: batches, in: db)
                    throw error
                }
                recorded.append(RecordedEvent(
                    position: position, eventID: event.eventID, stream: batch.stream, version: version, type: event.type,
                    schemaVersion: event.schemaVersion, payload: event.payload, metadata: event.metadata,
                    occurredAt: event.occurredAt, recordedAt: recordedAt, chain: chain, chainVersion: ChainRule.v2.rawValue))
            }
            versions[batch.stream] = version
        }
        if !recorded.isEmpty, let sheets = configuration.sheets {
            do {
                try sheets.apply(recorded, in: db, epoch: epoch, rows: decided.rows)
            } catch {
                throw projectionFailure(error, projection: sheets.name, events: recorded)
            }
        }
        try insertReceipts(decided.receipts, recordedAt: recordedAt, in: db)
        var streamVersions = known?.streamVersions ?? [:]
        streamVersions.merge(versions) { _, new in new }
        // The change count is filled in after COMMIT, with everything this pass wrote.
        let tail = LogTailCache.Tail(
            dataVersion: dataVersion, totalChanges: 0, position: position, chain: chain, streamVersions: streamVersions,
            sealing: sealing)
        return pass(AppendResult(events: recorded, alreadyStored: false), writes: true, tail: tail)
    }

    private func insertReceipts(_ receipts: [CommandReceipt], recordedAt: Int64, in db: Database) throws {
        guard !receipts.isEmpty else { return }
        let insert = try db.cachedStatement(sql: """
            INSERT INTO command_receipts (command_id, stream, version, command, fingerprint, occurred_at, recorded_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for receipt in receipts {
            try insert.execute { row in
                row.bind(receipt.commandID)
                row.bind(receipt.stream)
                row.bind(receipt.version)
                row.bind(receipt.command)
                row.bind(receipt.fingerprint)
                row.bind(receipt.occurredAt)
                row.bind(recordedAt)
            }
        }
    }

    /// The stored originals when every event id of the append is stored with the same content;
    /// nil when none is stored; throws ``SheetLogError/Code/idempotencyConflict`` otherwise.
    private func storedOriginals(of batches: [StreamBatch], in db: Database) throws -> [RecordedEvent]? {
        // A new event (the common case) costs one index probe; the stored row is read only for a retry.
        let probe = try db.cachedStatement(sql: "SELECT position FROM events WHERE event_id = ?")
        var originals: [RecordedEvent?] = []
        var anyStored = false
        for batch in batches {
            for event in batch.events {
                let original = try probe.fetchValue(Int64.self) { $0.bind(event.eventID) } == nil
                    ? nil : try storedEvent(withID: event.eventID, in: db)
                if let original {
                    anyStored = true
                    guard original.stream == batch.stream, event.hasSameContent(as: original) else {
                        throw SheetLogError(
                            .idempotencyConflict,
                            "event id \(event.eventID) is already stored at position \(original.position) (stream \(original.stream)) with other content",
                            context: .init(stream: batch.stream, position: original.position, eventID: event.eventID,
                                           eventType: event.type, operation: "append"))
                    }
                }
                originals.append(original)
            }
        }
        guard anyStored else { return nil }
        let stored = originals.compactMap { $0 }
        if stored.count != originals.count, let first = stored.first {
            throw SheetLogError(
                .idempotencyConflict,
                "event id \(first.eventID) is already stored at position \(first.position) but the append also holds events not stored yet; a retried append must hold exactly the same events",
                context: .init(stream: first.stream, position: first.position, eventID: first.eventID, operation: "append"))
        }
        return stored
    }

    private func storedEvent(withID id: String, in db: Database) throws -> RecordedEvent? {
        let lookup = try db.cachedStatement(sql: "SELECT \(RecordedEvent.columnList) FROM events WHERE event_id = ?")
        return try Row.fetchOne(lookup, arguments: [id]).map(RecordedEvent.init(row:))
    }

    /// The position the last append took and the chain value to link the next event to.
    ///
    /// The position is the higher of the last stored event's and `sqlite_sequence`'s, which
    /// remembers every position ever written: when events were deleted off the end of the log (with
    /// the triggers dropped), their positions are not handed out again — the gap stays for `verify`
    /// to report — and the next event is chained to the last event still stored.
    private func logEnd(in db: Database) throws -> (position: Int64, chain: [UInt8]) {
        let statement = try db.cachedStatement(sql: """
            SELECT COALESCE(MAX(position), 0),
                   COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0)
            FROM events
            """)
        guard let row = try Row.fetchOne(statement) else { return (0, IntegrityChain.genesis) }
        let last: Int64 = row[0], sequence: Int64 = row[1]
        guard last == 0 else { return (max(last, sequence), try lastChain(at: last, in: db)) }
        // Every event was pruned: the next links to the latest base's chain.
        let base = try Data.fetchOne(db.cachedStatement(sql: "SELECT chain FROM log_bases ORDER BY cut_position DESC LIMIT 1"))
        return (sequence, base.map { [UInt8]($0) } ?? IntegrityChain.genesis)
    }

    /// The integrity chain of the event at `position`, which the caller read as the log's last.
    private func lastChain(at position: Int64, in db: Database) throws -> [UInt8] {
        let statement = try db.cachedStatement(sql: "SELECT chain FROM events WHERE position = ?")
        guard let chain = try statement.fetchValue(Data.self, binding: { $0.bind(position) }) else {
            throw SheetLogError(
                .integrityViolation, "the event at position \(position) has no integrity chain value",
                context: .init(position: position, operation: "append"))
        }
        return [UInt8](chain)
    }

    private func projectionFailure(_ error: any Error, projection: String, events: [RecordedEvent]) -> any Error {
        let positions = "\(events.first?.position ?? 0)…\(events.last?.position ?? 0)"
        let context = SheetLogError.Context(position: events.first?.position, operation: "projection \(projection)")
        switch error {
        case is SheetLogError, is CancellationError:
            return error
        case let error as DatabaseError:
            return SheetLogError.storage(error, operation: "projection \(projection) applying positions \(positions)", context: context)
        default:
            return SheetLogError(
                .storage, "projection \(projection) failed to apply positions \(positions) with an error of type \(type(of: error))",
                context: context)
        }
    }

    /// What a failed COMMIT means. One interrupted by a suspension (GRDB calls `sqlite3_interrupt`
    /// when the app goes to the background) never ran: SQLite checks for an interrupt before it
    /// executes the COMMIT's program, and leaves the transaction open, which the rollback ended. The
    /// first event id is looked up to be sure (a read, which a suspended WAL database still serves):
    /// absent, nothing was written, the caller is told ``SheetLogError/Code/suspended`` and the handle
    /// goes on after the resume. Anything else is ``SheetLogError/Code/commitOutcomeUnknown``.
    private func commitFailure(_ error: any Error, batches: [StreamBatch], in db: Database) -> SheetLogError {
        if let error = error as? DatabaseError, error.isInterruptionError, !db.isInsideTransaction,
           let first = batches.first?.events.first?.eventID,
           (try? Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM events WHERE event_id = ?)", arguments: [first])) == false
        {
            return .storage(error, operation: "append")
        }
        return commitOutcomeUnknown(error, batches: batches)
    }

    private func commitOutcomeUnknown(_ error: any Error, batches: [StreamBatch]) -> SheetLogError {
        let ids = batches.flatMap { $0.events.map(\.eventID) }
        let sqliteCode = (error as? DatabaseError)?.extendedResultCode.rawValue
        let reason = (error as? DatabaseError)?.message ?? "an error of type \(type(of: error))"
        configuration.logger.error("append commit outcome unknown", metadata: [
            "database": "\(location)", "events": "\(ids.count)", "firstEventID": "\(ids.first ?? "")",
            "sqliteCode": "\(sqliteCode.map(String.init) ?? "none")",
        ])
        return SheetLogError(
            .commitOutcomeUnknown,
            "COMMIT of an append of \(ids.count) event(s) starting with event id \(ids.first ?? "none") failed (\(reason)); the events may or may not be stored: reopen the database and look the event ids up, never retry on the same handle",
            context: .init(stream: batches.first?.stream, eventID: ids.first, operation: "append", sqliteCode: sqliteCode))
    }
}
