import SheetLogCore

/// The bounds a pushed batch must keep: how many events, how many bytes, and each event's own
/// limits (payload, metadata, identifiers), as an append on the device keeps them.
public struct PushLimits: Sendable, Hashable {
    /// Events a batch holds at most.
    public var maxEvents: Int
    /// Bytes a batch's body holds at most.
    public var maxBytes: Int
    /// Each event's limits.
    public var input: InputLimits

    public init(maxEvents: Int = 1_000, maxBytes: Int = 4 << 20, input: InputLimits = .default) {
        self.maxEvents = maxEvents
        self.maxBytes = maxBytes
        self.input = input
    }

    public static let `default` = PushLimits()
}
