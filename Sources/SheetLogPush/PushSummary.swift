/// What a push run did: the batches the collector stored, the events it added, and how far it
/// stores the log.
public struct PushSummary: Sendable, Hashable {
    /// Batches answered 200.
    public var batches: Int
    /// Events sent in batches answered 200 (a resent batch counts again).
    public var eventsSent: Int
    /// The position the collector acknowledged last (0 when the log was empty).
    public var acknowledgedThrough: Int64
    /// Attempts retried (network errors, 429, 502, 503, 504).
    public var retries: Int

    public init(batches: Int = 0, eventsSent: Int = 0, acknowledgedThrough: Int64 = 0, retries: Int = 0) {
        self.batches = batches
        self.eventsSent = eventsSent
        self.acknowledgedThrough = acknowledgedThrough
        self.retries = retries
    }
}
