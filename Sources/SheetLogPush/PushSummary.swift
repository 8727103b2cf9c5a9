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
    /// Subjects' keys the collector stored (with ``KeySharing``).
    public var keysShared: Int
    /// Subjects whose keys the collector refused because they were erased there.
    public var erasedOnCollector: [String]

    public init(
        batches: Int = 0, eventsSent: Int = 0, acknowledgedThrough: Int64 = 0, retries: Int = 0, keysShared: Int = 0,
        erasedOnCollector: [String] = []
    ) {
        self.batches = batches
        self.eventsSent = eventsSent
        self.acknowledgedThrough = acknowledgedThrough
        self.retries = retries
        self.keysShared = keysShared
        self.erasedOnCollector = erasedOnCollector
    }
}
