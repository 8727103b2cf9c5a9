import PostgresNIO
import SheetLogCore

extension PostgresEventStore {
    /// Stores a batch of the device's events as the device pushed them (consecutive positions, each
    /// with its chain): in one transaction, under the device's lock, as an import stores a batch.
    ///
    /// - Events at positions already stored must be the stored ones, column for column (a resend is
    ///   answered as stored, adding nothing); the first that differs is a ``PushStoreOutcome/fork(position:storedThrough:)``.
    /// - The rest must start right after the stored log and continue its chain, each event under its
    ///   own chain rule and never an older rule than the one before it; a batch whose own chain breaks is
    ///   ``SheetLogError/Code/integrityViolation`` naming the position (a damaged or forged batch, not
    ///   the device's log).
    /// - A batch that starts further on is a ``PushStoreOutcome/gap(storedThrough:)``.
    ///
    /// An `eraseSubject` event among the new ones deletes the device's shared key of its subject
    /// (``PostgresSharedKeys``) in the same transaction. Nothing is stored unless the whole batch is. Throws ``SheetLogError/Code/invalidInput`` for an
    /// empty batch or positions that do not follow one another.
    @concurrent
    public func storePushed(_ events: [RecordedEvent]) async throws -> PushStoreOutcome {
        guard let first = events.first else {
            throw SheetLogError(.invalidInput, "a pushed batch holds one event or more", context: .init(operation: "push"))
        }
        for (previous, event) in zip(events, events.dropFirst()) where event.position != previous.position + 1 {
            throw SheetLogError(
                .invalidInput, "a pushed batch's position \(event.position) does not follow \(previous.position)",
                context: .init(position: event.position, operation: "push"))
        }
        return try await inTransaction("push") { [self] connection in
            try await PostgresSharedKeys.lockTableForErasures(in: events, device: device, connection, logger)
            try await lockDevice(connection)
            let (last, lastChain) = try await lastLink(connection)
            if first.position > last + 1 { return .gap(storedThrough: last) }
            let storedCount = Int(max(0, min(last, events[events.count - 1].position) - first.position + 1))
            if storedCount > 0 {
                let stored = try await storedEvents(after: first.position - 1, through: first.position + Int64(storedCount) - 1, limit: Int64(storedCount), connection)
                for (index, event) in events.prefix(storedCount).enumerated() where index >= stored.count || stored[index] != event {
                    return .fork(position: event.position, storedThrough: last)
                }
            }
            let new = Array(events.dropFirst(storedCount))
            guard let end = new.last else { return .stored(storedThrough: last, chain: lastChain, added: 0) }
            try await checkContinues(new, after: (last, lastChain), connection)
            if sheetProjections { try await write(try await sheetRows(of: new, connection), connection) }
            try await lockAppends(connection)
            try await connection.run(insertStatements(new), logger: logger)
            // A pushed erasure takes the collector's copy of the subject's key with it.
            try await PostgresSharedKeys.deleteKeys(erasedIn: new, device: device, connection, logger)
            return .stored(storedThrough: end.position, chain: end.chain, added: new.count)
        }
    }

    /// Checks that `events` continue the stored log ending at `head`: each chain recomputed from the
    /// one before, under the event's own rule, never older than the previous event's.
    private func checkContinues(_ events: [RecordedEvent], after head: (Int64, [UInt8]), _ connection: PostgresConnection) async throws {
        var previous = (chain: head.1, rule: head.0 == 0 ? 1 : try await storedRule(at: head.0, connection))
        for event in events {
            guard let rule = ChainRule(rawValue: event.chainVersion) else {
                throw broken(event.position, "chain rule \(event.chainVersion) is unknown to this build")
            }
            guard rule.rawValue >= previous.rule else {
                throw broken(event.position, "chain rule \(rule.rawValue) comes after rule \(previous.rule)")
            }
            guard IntegrityChain.link(rule, previous: previous.chain, event) == event.chain else {
                throw broken(event.position, "its chain is not the one computed from the event before")
            }
            previous = (event.chain, rule.rawValue)
        }
    }

    private func storedRule(at position: Int64, _ connection: PostgresConnection) async throws -> Int {
        let rows = try await connection.query(
            "SELECT chain_version FROM events WHERE device = \(device) AND position = \(position)", logger: logger)
        for try await (rule) in rows.decode(Int.self) { return rule }
        return 1
    }

    private func broken(_ position: Int64, _ why: String) -> SheetLogError {
        SheetLogError(
            .integrityViolation, "the pushed batch breaks the integrity chain at position \(position): \(why); nothing was stored",
            context: .init(position: position, operation: "push"))
    }
}
