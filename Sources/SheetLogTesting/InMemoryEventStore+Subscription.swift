import SheetLogCore

extension InMemoryEventStore {
    public func subscribe(after position: Int64) -> AsyncThrowingStream<RecordedEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: RecordedEvent.self, throwing: (any Error).self)
        let id = withState { state in
            defer { state.nextSubscriberID += 1 }
            return state.nextSubscriberID
        }
        continuation.onTermination = { [weak self] _ in
            self?.withState { _ = $0.subscribers.removeValue(forKey: id) }
        }
        withState { state in
            // Backlog and registration happen under one lock, so no append can slip between them.
            for event in state.log.events(after: position, through: nil) {
                if case .terminated = continuation.yield(event) { return }
            }
            state.subscribers[id] = continuation
        }
        return stream
    }

    /// Hands `events` to every live subscriber and forgets the ones whose consumer has gone.
    static func deliver(_ events: [RecordedEvent], to state: inout State) {
        var ended: [Int] = []
        for (id, continuation) in state.subscribers {
            for event in events {
                if case .terminated = continuation.yield(event) {
                    ended.append(id)
                    break
                }
            }
        }
        for id in ended { state.subscribers.removeValue(forKey: id) }
    }

    /// How many subscriptions are still registered: lets tests check that cancellation unregisters.
    public var activeSubscriptionCount: Int {
        withState { $0.subscribers.count }
    }
}
