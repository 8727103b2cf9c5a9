import SheetLogCore

/// The state of one subscription: the last delivered position and the chunk being delivered.
actor Subscription {
    static let chunkSize = 512

    private let store: SQLiteEventStore
    private var cursor: Int64
    private var chunk: [RecordedEvent] = []
    private var nextIndex = 0

    init(store: SQLiteEventStore, after position: Int64) {
        self.store = store
        cursor = position
    }

    /// The next event, waiting for one to commit if needed; nil once the consuming task is cancelled.
    func next() async throws -> RecordedEvent? {
        while !Task.isCancelled {
            if nextIndex < chunk.count {
                let event = chunk[nextIndex]
                nextIndex += 1
                cursor = event.position
                return event
            }
            // Read before the query: a commit that lands after the query has rung a newer generation.
            let seen = store.commitBell.currentGeneration
            do {
                chunk = try await store.reading("subscribe") { [cursor] db in
                    try SQLiteEventStore.readAll(in: db, after: cursor, through: nil, limit: Self.chunkSize, types: nil)
                }
            } catch {
                // A read interrupted by the consumer's cancellation ends the sequence; other errors end it with the error.
                if error is CancellationError || Task.isCancelled { return nil }
                throw error
            }
            nextIndex = 0
            if chunk.isEmpty {
                await store.commitBell.wait(after: seen, timeout: store.configuration.subscriptionPollInterval)
            }
        }
        return nil
    }
}
