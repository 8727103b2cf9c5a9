/// An event as the log holds it, with the position and version the store gave it.
public struct RecordedEvent: Sendable, Hashable {
    /// Global position: gap-free, strictly increasing, never reused.
    public var position: Int64
    public var eventID: String
    /// The stream (a session id) the event belongs to.
    public var stream: String
    /// 1, 2, 3 … within the stream.
    public var version: Int64
    public var type: String
    public var schemaVersion: Int
    /// The payload as JSON text.
    public var payload: String
    public var metadata: String?
    /// The app's clock, milliseconds since 1970.
    public var occurredAt: Int64?
    /// The store's clock at append, milliseconds since 1970.
    public var recordedAt: Int64
    /// SHA-256 over the previous event's chain and this event's bytes; see ``IntegrityChain``.
    public var chain: [UInt8]
    /// The ``ChainRule`` (its raw value) `chain` was computed under, as stored: 1 for events written
    /// before migration 0006, 2 since. Kept as stored, so that a rule this build does not know can be reported.
    public var chainVersion: Int

    public init(
        position: Int64,
        eventID: String,
        stream: String,
        version: Int64,
        type: String,
        schemaVersion: Int,
        payload: String,
        metadata: String?,
        occurredAt: Int64?,
        recordedAt: Int64,
        chain: [UInt8],
        chainVersion: Int = ChainRule.current.rawValue
    ) {
        self.position = position
        self.eventID = eventID
        self.stream = stream
        self.version = version
        self.type = type
        self.schemaVersion = schemaVersion
        self.payload = payload
        self.metadata = metadata
        self.occurredAt = occurredAt
        self.recordedAt = recordedAt
        self.chain = chain
        self.chainVersion = chainVersion
    }
}
