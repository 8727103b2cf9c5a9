import SheetLogCore

extension SQLiteEventStore {
    /// How many events a subscription reads per query while catching up.
    static let subscriptionChunkSize = 512

    /// Every event after `position` in order, then each new one as it commits.
    ///
    /// Appends through this store wake the subscription at once; appends by other processes on the
    /// same file are found by polling every ``Configuration/subscriptionPollInterval``. Positions are
    /// assigned under the write lock and committed in order, so reading `position > last seen`
    /// never skips and never repeats. The sequence ends when the consuming task is cancelled.
    public func subscribe(after position: Int64) -> AsyncThrowingStream<RecordedEvent, any Error> {
        let (events, output) = AsyncThrowingStream<RecordedEvent, any Error>.makeStream()
        let (bellID, doorbell, ringer) = commitBell.register()
        ringer.yield()  // read what is already stored straight away
        let interval = configuration.subscriptionPollInterval
        let poller = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                ringer.yield()
            }
        }
        let reader = Task {
            var cursor = position
            do {
                for await _ in doorbell {
                    while true {
                        try Task.checkCancellation()
                        let chunk = try await reading("subscribe") { [cursor] db in
                            try Self.readAll(in: db, after: cursor, through: nil, limit: Self.subscriptionChunkSize, types: nil)
                        }
                        for event in chunk {
                            output.yield(event)
                            cursor = event.position
                        }
                        if chunk.count < Self.subscriptionChunkSize { break }
                    }
                }
                output.finish()
            } catch is CancellationError {
                output.finish()
            } catch {
                output.finish(throwing: error)
            }
        }
        output.onTermination = { [commitBell] _ in
            poller.cancel()
            reader.cancel()
            commitBell.unregister(bellID)
        }
        return events
    }
}
