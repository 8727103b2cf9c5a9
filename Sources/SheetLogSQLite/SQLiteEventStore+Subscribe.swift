import SheetLogCore

extension SQLiteEventStore {
    /// Every event after `position` in order, then each new one as it commits.
    ///
    /// The sequence is pulled: it reads the log a chunk at a time as the consumer asks, so a slow
    /// consumer never makes it buffer the whole log. Appends through this store wake it at once;
    /// appends by other processes on the same file are found by polling every
    /// ``Configuration/subscriptionPollInterval``. Positions are assigned under the write lock and
    /// committed in order, so reading `position > last delivered` never skips and never repeats.
    /// The sequence ends when the consuming task is cancelled; it has one consumer.
    public func subscribe(after position: Int64) -> AsyncThrowingStream<RecordedEvent, any Error> {
        let subscription = Subscription(store: self, after: position)
        return AsyncThrowingStream(unfolding: { try await subscription.next() })
    }
}

extension SQLiteEventStore {
    /// How many transactions that appended events this store committed since it was opened: lets
    /// tests see group commit at work.
    package var committedAppendCount: UInt64 { commitBell.currentGeneration }
}
