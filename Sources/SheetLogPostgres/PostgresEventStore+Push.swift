import PostgresNIO
import SheetLogCore

extension PostgresEventStore {
    /// Stores a batch of the device's events as the device pushed them (consecutive positions, each
    /// with its chain): in one transaction, under the device's lock, through the store an import's
    /// batches go through too (``storeChained(_:from:_:)``).
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
        guard !events.isEmpty else {
            throw SheetLogError(.invalidInput, "a pushed batch holds one event or more", context: .init(operation: "push"))
        }
        return try await inTransaction("push") { [self] connection in
            try await storeChained(events, from: .push, connection)
        }
    }
}
