import PostgresNIO
import SheetLogCore
import SheetLogStorage

extension PostgresBackend {
    /// The deciding append in one transaction under the fleet's append lock: the decision on the
    /// device's log as committed (read through a ``PostgresAppendTransaction``, decided again until a
    /// pass needed nothing unloaded), then the batches with their expected versions and limits
    /// checked, the receipts, the read models' rows, COMMIT.
    ///
    /// The first pass does not look ids up. When it is refused (an expected version that does not
    /// hold, or the decision throws ``AppendNeedsIDLookup``), it is decided again in the same
    /// transaction with ids looked up, since nothing was written yet; when an insert meets a stored
    /// id, the transaction is rolled back and run again from BEGIN with ids looked up.
    package func append<Plan>(
        deciding decide: (any AppendTransaction) throws -> DecidedAppend<Plan>
    ) async throws -> DecidedAppendOutcome<Plan> {
        do {
            return try await appendTransaction(decide, lookingUpIDs: false)
        } catch is AppendNeedsIDLookup {
            return try await appendTransaction(decide, lookingUpIDs: true)
        }
    }

    /// What a transaction's decision settled on: the decision, and the versions its batches start at.
    private struct Settled<Plan> {
        var decided: DecidedAppend<Plan>
        var versions: [String: Int64] = [:]
        /// The stored originals when the pass that looked ids up found the append stored.
        var originals: [RecordedEvent]?
    }

    private func appendTransaction<Plan>(
        _ decide: (any AppendTransaction) throws -> DecidedAppend<Plan>, lookingUpIDs: Bool
    ) async throws -> DecidedAppendOutcome<Plan> {
        var outcome: DecidedAppendOutcome<Plan>?
        try await withTransaction("append") { connection in
            try await store.lockAppends(connection)
            let (position, chain) = try await store.lastLink(connection)
            let startMark = LogMark(epoch: epoch.withLock { $0 }, position: position)
            let transaction = PostgresAppendTransaction(mark: startMark, lookingUpIDs: lookingUpIDs)
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
            } catch let error as PSQLError where !transaction.lookingUpIDs && error.serverInfo?[.sqlState] == "23505" {
                // A stored event id: only a pass that looks ids up tells a retry from a conflict.
                throw AppendNeedsIDLookup()
            }
            try await store.writeSheetRows(of: recorded, connection)
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
    /// then checks the limits and expected versions, deciding again with ids looked up when the
    /// first pass is refused.
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
            let decided: DecidedAppend<Plan>
            switch result {
            case .failure(let error) where error is AppendNeedsIDLookup && !transaction.lookingUpIDs:
                transaction.lookingUpIDs = true
                continue
            case .failure(let error):
                throw error
            case .success(let success):
                decided = success
            }
            if decided.batches.allSatisfy(\.events.isEmpty) && decided.receipts.isEmpty {
                return Settled(decided: decided)
            }
            if !decided.validated { try store.limits.validate(decided.batches, checkingJSON: !decided.jsonWrittenStrictlyValid) }
            // Idempotency comes before the expected version: a retry of a stored append expects a stale one.
            if transaction.lookingUpIDs, let originals = try await store.storedOriginals(of: decided.batches, connection) {
                return Settled(decided: decided, originals: originals)
            }
            if let versions = try await expectedVersions(of: decided.batches, transaction, connection) {
                return Settled(decided: decided, versions: versions)
            }
            transaction.lookingUpIDs = true
        }
    }

    /// The version each stream of `batches` starts at, nil when an expectation does not hold in the
    /// first pass; throws ``SheetLogError/Code/wrongExpectedVersion`` in the pass that looked ids up.
    private func expectedVersions(
        of batches: [StreamBatch], _ transaction: PostgresAppendTransaction, _ connection: PostgresConnection
    ) async throws -> [String: Int64]? {
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
                if !transaction.lookingUpIDs { return nil }
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
