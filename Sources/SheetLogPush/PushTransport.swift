/// How a batch reaches the collector: one request, one ``PushReply`` (never a thrown error: a
/// failure to reach the collector is ``PushReply/unreachable(reason:)``).
public protocol PushTransport: Sendable {
    /// Sends `body` (``PushBatch`` JSON Lines) as `device`'s events with `token`.
    func send(_ body: [UInt8], device: String, token: String) async -> PushReply
    /// The collector's address as the cursor is keyed: scheme, host, port and path, no credentials.
    var collector: String { get }
    /// Asks the collector for the public key devices wrap their subjects' keys for.
    func collectorKey(token: String) async -> KeyShareReply
    /// Sends `body` (``KeyShareBatch``) as `device`'s shared keys with `token`.
    func shareKeys(_ body: [UInt8], device: String, token: String) async -> KeyShareReply
}

extension PushTransport {
    /// A transport that carries events only: it shares no key.
    public func collectorKey(token: String) async -> KeyShareReply {
        .refused(status: 501, code: "unsupported", message: "this transport shares no keys")
    }

    public func shareKeys(_ body: [UInt8], device: String, token: String) async -> KeyShareReply {
        .refused(status: 501, code: "unsupported", message: "this transport shares no keys")
    }
}
