/// How a batch reaches the collector: one request, one ``PushReply`` (never a thrown error: a
/// failure to reach the collector is ``PushReply/unreachable(reason:)``).
public protocol PushTransport: Sendable {
    /// Sends `body` (``PushBatch`` JSON Lines) as `device`'s events with `token`.
    func send(_ body: [UInt8], device: String, token: String) async -> PushReply
    /// The collector's address as the cursor is keyed: scheme, host, port and path, no credentials.
    var collector: String { get }
}
