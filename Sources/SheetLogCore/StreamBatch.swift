/// Events for one stream inside an atomic append, with the version the writer expects.
public struct StreamBatch: Sendable, Hashable {
    public var stream: String
    public var events: [EventData]
    public var expected: ExpectedVersion

    public init(stream: String, events: [EventData], expected: ExpectedVersion) {
        self.stream = stream
        self.events = events
        self.expected = expected
    }
}

/// What an append returns once its transaction has committed.
public struct AppendResult: Sendable, Hashable {
    /// The events as stored, in append order (every batch's events, batches in the order given).
    public var events: [RecordedEvent]
    /// True when every event id was already stored with identical content, so nothing was appended
    /// and `events` are the originals.
    public var alreadyStored: Bool

    public init(events: [RecordedEvent], alreadyStored: Bool) {
        self.events = events
        self.alreadyStored = alreadyStored
    }

    /// Global positions of the events, in append order.
    public var positions: [Int64] { events.map(\.position) }
}
