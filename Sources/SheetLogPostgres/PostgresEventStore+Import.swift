import Foundation
import PostgresNIO
import SheetLogCore
import SheetLogDomain
import SheetLogStorage

extension PostgresEventStore {
    /// How many events one import transaction stores by default. Measured on 19,869 events (debug build,
    /// shared 2-core machine): 1,000 per transaction 31–39 s, 5,000 24–31 s, 10,000 23–28 s; the same
    /// rows sent by COPY (text format) took about twice as long, so rows go as multi-row INSERTs.
    public static let importBatchSize = 5_000

    /// Stores the device's events that `source` (its SQLite log, opened read-only) holds after the
    /// device's last stored position, as they are: positions, ids, versions, payload and metadata
    /// text, times, chain and chain rule.
    ///
    /// - Idempotent and resumable: it continues after the last stored position, so a rerun stores
    ///   nothing and a rerun after a failure or on a grown file stores only the rest.
    /// - Verified before anything is written: the source's chain is recomputed from genesis (each
    ///   event under its own rule, as `verifyChain()` does) and its event at the stored head must carry
    ///   the stored chain. A broken chain is ``SheetLogError/Code/integrityViolation``; history that
    ///   differs from what is stored (a fork, an edited row) is ``SheetLogError/Code/historyMismatch``;
    ///   both name the first position concerned and leave the store as it was.
    /// - One at a time per device: an import holds a lock of its device for its whole run, so a
    ///   second import of it waits, then continues after what the first stored.
    /// - Batched: `batchSize` events per transaction, each stored as a pushed batch is
    ///   (``storeChained(_:from:_:)``: under the device's lock only, the chain checked again from the
    ///   stored head, with (``sheetProjections``) their read-model rows), so other devices' imports and
    ///   pushes commit side by side. A run that fails midway (a killed process, a restarted server)
    ///   has committed whole batches only.
    ///
    /// - Pruned sources: with `base` (the source's base as an export writes it, when a prune removed
    ///   the start of its log), the source's chain is recomputed from the base. A device new to the
    ///   fleet (no event, no base) starts at the base, recorded as such (`device_bases`, fleet
    ///   migration 0010, with its carried sessions, their read-model rows and its erasures), in a
    ///   transaction of its own before the first batch. Otherwise the import continues only where
    ///   the fleet already holds the pruned part: the stored event at the cut (or the device's own
    ///   base there) must carry the base's chain (else ``SheetLogError/Code/historyMismatch``); a
    ///   fleet that holds less is refused with ``SheetLogError/Code/pruned`` naming the positions it
    ///   would lack.
    ///
    /// The source is read `batchSize` events at a time, twice (verify, then store); events appended to
    /// it meanwhile are left for the next run.
    @concurrent
    public func importLog(
        from source: any EventStore, base: LogBaseImage? = nil, batchSize: Int = PostgresEventStore.importBatchSize
    ) async throws -> PostgresImportReport {
        // One connection of its own for the whole run: a server that restarts or goes away ends the
        // import with an error at its next statement instead of a lease that waits for the pool.
        try await onOwnConnection("import", whenClosed: Self.importInterrupted) { [self] connection in
            try await importLog(from: source, base: base, batchSize: max(1, batchSize), connection)
        }
    }

    /// Imports as ``importLog(from:batchSize:)`` does, on `connection` (which stays open for the next
    /// device's import) instead of a connection of its own.
    @concurrent
    public func importLog(
        from source: any EventStore, base: LogBaseImage? = nil, batchSize: Int = PostgresEventStore.importBatchSize,
        on connection: PostgresImportConnection
    ) async throws -> PostgresImportReport {
        try ensureOpen("import")
        let closed = SheetLogError(
            .connectionFailed, "the connection to PostgreSQL closed during import (\(connection.location)): \(Self.importInterrupted)",
            context: .init(operation: "import"))
        do {
            return try await connection.connection.untilClosed({ closed }) { [self] connection in
                try await importLog(from: source, base: base, batchSize: max(1, batchSize), connection)
            }
        } catch {
            throw SheetLogError.postgres(error, operation: "import", location: location)
        }
    }

    private static let importInterrupted = "the batches committed before are stored; a rerun stores the rest"

    /// Imports of one device wait for each other: a second import of another copy of the file (pruned
    /// elsewhere) would otherwise find the base a first one has just begun the device at, without the
    /// events it is about to store, and refuse a cut beyond it. The lock is the connection's: a killed
    /// import's ends with its connection.
    private func importLog(
        from source: any EventStore, base: LogBaseImage?, batchSize: Int, _ connection: PostgresConnection
    ) async throws -> PostgresImportReport {
        try await connection.query("SELECT pg_advisory_lock(\(Self.importLockClass), hashtext(\(device)))", logger: logger)
        let report: PostgresImportReport
        do {
            report = try await importLogHoldingLock(from: source, base: base, batchSize: batchSize, connection)
        } catch {
            _ = try? await connection.query("SELECT pg_advisory_unlock(\(Self.importLockClass), hashtext(\(device)))", logger: logger)
            throw error
        }
        try await connection.query("SELECT pg_advisory_unlock(\(Self.importLockClass), hashtext(\(device)))", logger: logger)
        return report
    }

    private func importLogHoldingLock(
        from source: any EventStore, base: LogBaseImage?, batchSize: Int, _ connection: PostgresConnection
    ) async throws -> PostgresImportReport {
        let sourceThrough = try await source.lastPosition()
        var stored = try await lastLink(connection)
        var startedAtBase = false
        if let base, stored.position == 0 {
            // New to the fleet: it starts at the base (the file holds nothing before it).
            startedAtBase = try await transaction("import", on: connection) { [self] connection in try await startAtBase(base, connection) }
            stored = try await lastLink(connection)
        }
        if let base { try await requireHeld(base, storedThrough: stored.position, connection) }
        // A rest of one batch or less (a device file's usual case) is kept from the verifying read:
        // the source is read, decoded and hashed once instead of twice.
        var verified = try await verifySource(
            source, from: base, through: sourceThrough, stored: (stored.position, stored.chain), batchSize: batchSize, connection)
        var head = (position: stored.position, chain: stored.chain)
        var imported = 0
        while head.position < sourceThrough {
            try Task.checkCancellation()
            let chunk: [RecordedEvent]
            if let rest = verified {
                chunk = rest
                verified = nil
            } else {
                chunk = try await source.readAll(after: head.position, through: sourceThrough, limit: batchSize, types: nil)
            }
            guard let last = chunk.last, chunk[0].position == head.position + 1 else {
                throw ChainedBatchOrigin.importedFile.notConsecutive(head.position + 1, after: head.position)
            }
            let outcome = try await transaction("import", on: connection) { [self] connection in
                try await storeChained(chunk, from: .importedFile, connection)
            }
            switch outcome {
            case .stored(_, _, let added):
                imported += added
            case .fork(let position, let storedThrough):
                throw mismatchError(at: position, storedThrough: storedThrough, tail: "this batch was not stored")
            case .gap(let storedThrough):
                // The stored log shrank under the import, which an append-only table never lets happen.
                throw mismatchError(at: storedThrough + 1, storedThrough: storedThrough, tail: "this batch was not stored")
            }
            head = (last.position, last.chain)
        }
        return PostgresImportReport(
            device: device, imported: imported, storedThrough: head.position, chainHead: head.chain, sourceThrough: sourceThrough,
            startedAtBase: startedAtBase ? base.map { LogBase(image: $0) } : nil)
    }

    /// Recomputes the source's chain from genesis through `through` and checks that it agrees with
    /// what is stored: the event at the stored head (or, for a source shorter than the stored log, its
    /// last event) carries the stored chain, which under the chain covers every earlier row.
    ///
    /// Returns the events after the stored head, verified, when they are one batch or fewer (nil
    /// when there are none or more). A pruned source is walked from its `base`.
    private func verifySource(
        _ source: any EventStore, from base: LogBaseImage?, through sourceThrough: Int64, stored: (Int64, [UInt8]), batchSize: Int,
        _ connection: PostgresConnection
    ) async throws -> [RecordedEvent]? {
        let keepsRest = sourceThrough > stored.0 && sourceThrough - stored.0 <= Int64(batchSize)
        var rest: [RecordedEvent] = []
        var walk = base.map { ChainWalk(base: $0.chain) } ?? ChainWalk()
        var after: Int64 = base?.cutPosition ?? 0
        var lastChain = base?.chain ?? IntegrityChain.genesis
        // Each stream of a pruned source begins where its base leaves it: a carried session at its
        // carried version + 1, `$erasures` after the carried erasures, any other at version 1.
        var carriedVersions = Dictionary(base?.sessions.map { ($0.session, $0.version) } ?? [], uniquingKeysWith: { first, _ in first })
        if let last = base?.erasures.last { carriedVersions[SubjectErasure.stream] = last.version }
        var begun: Set<String> = []
        while after < sourceThrough {
            try Task.checkCancellation()
            let chunk = try await source.readAll(after: after, through: sourceThrough, limit: batchSize, types: nil)
            guard !chunk.isEmpty else { throw Self.missing(after + 1, through: sourceThrough) }
            for event in chunk {
                guard event.position == after + 1 else { throw Self.missing(after + 1, through: sourceThrough) }
                if let broken = walk.check(event), let position = broken.firstBrokenPosition {
                    throw SheetLogError(
                        .integrityViolation,
                        "the log to import breaks its integrity chain at position \(position) (\(broken.breakReason?.description ?? "mismatch")); nothing was imported",
                        context: .init(position: position, operation: "import"))
                }
                if base != nil, begun.insert(event.stream).inserted, event.version != (carriedVersions[event.stream] ?? 0) + 1 {
                    let carried = carriedVersions[event.stream].map { "carries it at version \($0)" } ?? "carries no state of it"
                    throw SheetLogError(
                        .integrityViolation,
                        "the log to import begins session \(event.stream) at version \(event.version) (position \(event.position)), but its base \(carried): the base does not match the kept events; nothing was imported",
                        context: .init(stream: event.stream, position: event.position, operation: "import"))
                }
                if event.position == stored.0, event.chain != stored.1 {
                    throw try await historyMismatch(
                        source, from: base, through: stored.0, storedThrough: stored.0, tail: "nothing was imported", connection)
                }
                after = event.position
                lastChain = event.chain
                if keepsRest, event.position > stored.0 { rest.append(event) }
            }
        }
        if sourceThrough > 0, sourceThrough < stored.0, try await storedChain(at: sourceThrough, connection) != lastChain {
            throw try await historyMismatch(
                source, from: base, through: sourceThrough, storedThrough: stored.0, tail: "nothing was imported", connection)
        }
        return keepsRest ? rest : nil
    }

    /// A pruned source continues a stored log only where the fleet holds what the prune removed:
    /// through the cut at least, with the base's chain at the cut. A device that started at a later
    /// base than the file's is checked by the chain at the stored head (``verifySource``): the
    /// fleet never held what lies between the two cuts.
    private func requireHeld(_ base: LogBaseImage, storedThrough: Int64, _ connection: PostgresConnection) async throws {
        guard storedThrough >= base.cutPosition else {
            throw SheetLogError(
                .pruned,
                "the log to import was pruned through position \(base.cutPosition) (it begins at position \(base.firstKeptPosition)), but the fleet holds device \(device) only through position \(storedThrough): positions \(storedThrough + 1)-\(base.cutPosition) are in neither; nothing was imported",
                context: .init(position: base.cutPosition, operation: "import"))
        }
        if let own = try await storedBase(connection), own.cutPosition > base.cutPosition { return }
        if try await storedChain(at: base.cutPosition, connection) != base.chain {
            throw mismatchError(at: base.cutPosition, storedThrough: storedThrough, tail: "its base does not continue the stored log; nothing was imported")
        }
    }

    /// The refusal of a source whose events 1 (or its base's cut + 1) … `through` are not all the
    /// stored ones: the first position where a row differs, found by reading both logs side by side.
    private func historyMismatch(
        _ source: any EventStore, from base: LogBaseImage?, through: Int64, storedThrough: Int64, tail: String, _ connection: PostgresConnection
    ) async throws -> SheetLogError {
        // Compared from where both logs begin: the file's cut or the device's own base in the fleet.
        var after: Int64 = max(base?.cutPosition ?? 0, try await storedBase(connection)?.cutPosition ?? 0)
        while after < through {
            let theirs = try await source.readAll(after: after, through: through, limit: 2_000, types: nil)
            let ours = try await storedEvents(after: after, through: through, limit: 2_000, connection)
            for (index, event) in theirs.enumerated() where index >= ours.count || ours[index] != event {
                return mismatchError(at: event.position, storedThrough: storedThrough, tail: tail)
            }
            guard let last = theirs.last else { break }
            after = last.position
        }
        return mismatchError(at: through, storedThrough: storedThrough, tail: tail)
    }

    private func mismatchError(at position: Int64, storedThrough: Int64, tail: String) -> SheetLogError {
        SheetLogError(
            .historyMismatch,
            "the log to import differs from the one stored for device \(device) at position \(position) "
                + "(stored through position \(storedThrough)): a fork or an edited row; \(tail)",
            context: .init(position: position, operation: "import"))
    }

    private static func missing(_ position: Int64, through: Int64) -> SheetLogError {
        SheetLogError(
            .integrityViolation, "the log to import has no event at position \(position) though it ends at position \(through); nothing was imported",
            context: .init(position: position, operation: "import"))
    }

    /// The stored chain of the device's event at `position` (at the cut of the base it started at,
    /// the base's), nil when there is none.
    private func storedChain(at position: Int64, _ connection: PostgresConnection) async throws -> [UInt8]? {
        let rows = try await connection.query("""
            SELECT chain FROM events WHERE device = \(device) AND position = \(position)
            UNION ALL SELECT chain FROM device_bases WHERE device = \(device) AND cut_position = \(position)
            """, logger: logger)
        for try await (chain) in rows.decode(Data.self) { return [UInt8](chain) }
        return nil
    }

    func storedEvents(after: Int64, through: Int64, limit: Int64, _ connection: PostgresConnection) async throws -> [RecordedEvent] {
        let rows = try await connection.query("""
            SELECT \(unescaped: Self.eventColumns) FROM events
            WHERE device = \(device) AND position > \(after) AND position <= \(through) ORDER BY position LIMIT \(limit)
            """, logger: logger)
        return try await Self.decodeEvents(rows)
    }
}
