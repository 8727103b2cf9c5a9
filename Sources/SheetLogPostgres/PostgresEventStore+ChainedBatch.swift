import PostgresNIO
import SheetLogCore

extension PostgresEventStore {
    /// The one store of events a device chained itself — a pushed batch, a batch of an imported file —
    /// in the open transaction, under the device's lock and no other (other devices' batches commit
    /// side by side with it):
    ///
    /// - events at positions already stored must be the stored ones, column for column (a resend adds
    ///   nothing); the first that differs is ``PushStoreOutcome/fork(position:storedThrough:)``;
    /// - a batch that starts after the stored log's next position is ``PushStoreOutcome/gap(storedThrough:)``;
    /// - the rest must continue the stored chain, each event under its own chain rule and never an
    ///   older rule than the one before it (the one chain check of both paths), else
    ///   ``SheetLogError/Code/integrityViolation`` naming the position;
    /// - then their read-model rows (with ``sheetProjections``), the events, and the deletion of the
    ///   shared keys of the subjects an `eraseSubject` among them erases.
    ///
    /// Nothing is written unless the whole batch is: a gap or a fork writes nothing, and a refusal
    /// throws, which rolls the caller's transaction back. `events` is not empty.
    func storeChained(_ events: [RecordedEvent], from origin: ChainedBatchOrigin, _ connection: PostgresConnection) async throws -> PushStoreOutcome {
        let first = events[0].position
        for (previous, event) in zip(events, events.dropFirst()) where event.position != previous.position + 1 {
            throw origin.notConsecutive(event.position, after: previous.position)
        }
        try await PostgresSharedKeys.lockTableForErasures(in: events, device: device, connection, logger)
        try await lockDevice(connection)
        let head = try await lastLink(connection)
        if first > head.position + 1 { return .gap(storedThrough: head.position) }
        let storedCount = Int(max(0, min(head.position, events[events.count - 1].position) - first + 1))
        if storedCount > 0 {
            let stored = try await storedEvents(after: first - 1, through: first + Int64(storedCount) - 1, limit: Int64(storedCount), connection)
            for (index, event) in events.prefix(storedCount).enumerated() where index >= stored.count || stored[index] != event {
                return .fork(position: event.position, storedThrough: head.position)
            }
        }
        let new = Array(events.dropFirst(storedCount))
        guard let end = new.last else { return .stored(storedThrough: head.position, chain: head.chain, added: 0) }
        try Self.checkContinues(new, after: head, origin)
        if sheetProjections { try await write(try await sheetRows(of: new, connection), connection) }
        try await connection.run(insertStatements(new), logger: logger)
        try await PostgresSharedKeys.deleteKeys(erasedIn: new, device: device, connection, logger)
        return .stored(storedThrough: end.position, chain: end.chain, added: new.count)
    }

    /// Checks that `events` continue the stored log ending at `head`: each chain recomputed from the
    /// one before, under the event's own rule, never older than the previous event's.
    private static func checkContinues(_ events: [RecordedEvent], after head: StoredHead, _ origin: ChainedBatchOrigin) throws {
        var previous = (chain: head.chain, rule: head.rule)
        for event in events {
            guard let rule = ChainRule(rawValue: event.chainVersion) else {
                throw origin.broken(event.position, "chain rule \(event.chainVersion) is unknown to this build")
            }
            guard rule.rawValue >= previous.rule else {
                throw origin.broken(event.position, "chain rule \(rule.rawValue) comes after rule \(previous.rule)")
            }
            guard IntegrityChain.link(rule, previous: previous.chain, event) == event.chain else {
                throw origin.broken(event.position, "its chain is not the one computed from the event before")
            }
            previous = (event.chain, rule.rawValue)
        }
    }
}
