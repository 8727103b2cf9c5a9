import SheetLogCore

/// What one attempt to send a batch of a device's events to the collector came back with.
///
/// The pusher's state machine (``PushBackoff``) takes it and says what to do next; the HTTP client
/// only turns a response (or its absence) into one of these.
public enum PushReply: Sendable, Hashable {
    /// `200`: the collector stores the device's log through `storedThrough`, whose chain is `chain`.
    case stored(storedThrough: Int64, chain: [UInt8])
    /// An error status, with the body's `{"error":{"code","message"}}`, the `storedThrough` a `409`
    /// gap carries, and the `Retry-After` header in seconds when there was one.
    case refused(status: Int, code: String, message: String, storedThrough: Int64? = nil, retryAfterSeconds: Int? = nil)
    /// No reply: the connection could not be made, broke, or timed out. The batch may or may not be
    /// stored; sending it again is safe (the collector keeps what it stored and adds the rest).
    case unreachable(reason: String)
}
