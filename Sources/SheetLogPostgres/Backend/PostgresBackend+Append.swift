import PostgresNIO
import SheetLogCore
import SheetLogStorage

extension PostgresBackend {
    /// The deciding append in one transaction under the device's lock: the decision on the
    /// device's log as committed (read through a ``PostgresAppendTransaction``, decided again until a
    /// pass needed nothing unloaded), then the batches with their expected versions and limits
    /// checked, the receipts, the read models' rows, COMMIT.
    ///
    /// Ids are looked up, never guessed: by the decision (``DecidedAppend/idsLookedUp``), else here
    /// before the inserts.
    package func append<Plan>(
        deciding decide: (any AppendTransaction) throws -> DecidedAppend<Plan>
    ) async throws -> DecidedAppendOutcome<Plan> {
        try await appendTransaction(decide)
    }

    /// What a transaction's decision settled on: the decision, and the versions its batches start at.
    private struct Settled<Plan> {
        var decided: DecidedAppend<Plan>
        var versions: [String: Int64] = [:]
        /// The stored originals when the append was found stored.
        var originals: [RecordedEvent]?
    }

    private func appendTransaction<Plan>(
        _ decide: (any AppendTransaction) throws -> DecidedAppend<Plan>
    ) async throws -> DecidedAppendOutcome<Plan> {
        var outcome: DecidedAppendOutcome<Plan>?
        try await withTransaction("append") { connection in
            try await store.lockDevice(connection)
            let head = try await store.lastLink(connection)
            let (position, chain) = (head.position, head.chain)
            let startMark = LogMark(epoch: epoch.withLock { $0 }, position: position)
            let transaction = PostgresAppendTransaction(mark: startMark, startedAtBase: head.startedAtBase)
            let settled = try await settle(decide, transaction, connection)
            let decided = settled.decided
            if decided.batches.allSatisfy(\.events.isEmpty) && decided.receipts.isEmpty {
                outcome = DecidedAppendOutcome(result: AppendResult(events: [], alreadyStored: false), plan: decided.plan, mark: startMark)
                return false
            }
            if let originals = settled.originals {
                outcome = DecidedAppendOutcome(result: AppendResult(events: originals, alreadyStored: true), plan: decided.plan, mark: startMark)
                return false
            }
            let recordedAt = store.clock.nowMilliseconds()
            let recorded = decided.batches.recorded(after: position, chain: chain, versions: settled.versions, recordedAt: recordedAt)
            do {
                try await store.insert(recorded, connection)
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
                // Ids were looked up under the device's lock: only an id the decision did not derive
                // from a command's (an event appended under `id#2` by other means) meets a stored one.
                throw SheetLogError(
                    .idempotencyConflict,
                    "an event id of the append is already stored on device \(device): a retried append must hold exactly the same events",
                    context: .init(stream: decided.batches.first?.stream, eventID: decided.batches.first?.events.first?.eventID, operation: "append"))
            }
            try await store.writeSheetRows(of: recorded, rows: decided.rows, connection)
            try await insertReceipts(decided.receipts, recordedAt: recordedAt, connection)
            outcome = DecidedAppendOutcome(
                result: AppendResult(events: recorded, alreadyStored: false), plan: decided.plan,
                mark: LogMark(epoch: startMark.epoch, position: recorded.last?.position ?? position))
            return true
        }
        guard let outcome else { throw SheetLogError(.storage, "the append transaction ended without an outcome", context: .init(operation: "append")) }
        return outcome
    }

    /// Runs the decision until a pass reads only what was loaded, loading what each pass missed;
    /// then checks the limits, the ids (unless the decision looked them up) and the expected versions.
    private func settle<Plan>(
        _ decide: (any AppendTransaction) throws -> DecidedAppend<Plan>, _ transaction: PostgresAppendTransaction,
        _ connection: PostgresConnection
    ) async throws -> Settled<Plan> {
        var passes = 0
        while true {
            passes += 1
            // A provisional pass always asks for rows no earlier pass asked for (what it asked for
            // before is loaded), so only a decision that keeps asking for new rows reaches this.
            guard passes <= 1_000 else {
                throw SheetLogError(.storage, "the decision kept asking for unloaded rows after \(passes - 1) passes", context: .init(operation: "append"))
            }
            transaction.beginPass()
            let result: Result<DecidedAppend<Plan>, any Error>
            do {
                result = .success(try decide(transaction))
            } catch {
                result = .failure(error)
            }
            if !transaction.missing.isEmpty {
                try await load(transaction, connection)
                continue
            }
            let decided = try result.get()
            if decided.batches.allSatisfy(\.events.isEmpty) && decided.receipts.isEmpty {
                return Settled(decided: decided)
            }
            if !decided.validated { try store.limits.validate(decided.batches, checkingJSON: !decided.jsonWrittenStrictlyValid) }
            // Idempotency comes before the expected version: a retry of a stored append expects a stale one.
            if !decided.idsLookedUp, let originals = try await store.storedOriginals(of: decided.batches, connection) {
                return Settled(decided: decided, originals: originals)
            }
            return Settled(decided: decided, versions: try await expectedVersions(of: decided.batches, transaction, connection))
        }
    }

    /// The version each stream of `batches` starts at; throws ``SheetLogError/Code/wrongExpectedVersion``
    /// when an expectation does not hold.
    private func expectedVersions(
        of batches: [StreamBatch], _ transaction: PostgresAppendTransaction, _ connection: PostgresConnection
    ) async throws -> [String: Int64] {
        var starts: [String: Int64] = [:]
        var pending: [String: Int64] = [:]
        for batch in batches {
            let actual: Int64
            if let inThisAppend = pending[batch.stream] {
                actual = inThisAppend
            } else if let loaded = transaction.loadedVersion(of: batch.stream) {
                actual = loaded
            } else {
                actual = try await store.streamVersion(batch.stream, connection)
            }
            guard batch.expected.isSatisfied(byActualVersion: actual) else {
                throw SheetLogError(
                    .wrongExpectedVersion,
                    "stream \(batch.stream) was expected at version \(batch.expected) but is at version \(actual)",
                    context: .init(stream: batch.stream, expectedVersion: batch.expected.description,
                                   actualVersion: actual, eventID: batch.events.first?.eventID, operation: "append"))
            }
            if starts[batch.stream] == nil { starts[batch.stream] = actual }
            pending[batch.stream] = actual + Int64(batch.events.count)
        }
        return starts
    }

    private func insertReceipts(_ receipts: [CommandReceipt], recordedAt: Int64, _ connection: PostgresConnection) async throws {
        for receipt in receipts {
            try await connection.query("""
                INSERT INTO command_receipts (device, command_id, stream, version, command, fingerprint, occurred_at, recorded_at)
                VALUES (\(device), \(receipt.commandID), \(receipt.stream), \(receipt.version), \(receipt.command),
                        \(receipt.fingerprint), \(receipt.occurredAt), \(recordedAt))
                """, logger: store.logger)
        }
    }
}
