import SheetLogCore

/// What asking the collector for its public key, or sending it shared keys, came back with.
public enum KeyShareReply: Sendable, Hashable {
    /// `GET /v1/collector-key` answered the key devices wrap for.
    case collectorKey(CollectorPublicKey)
    /// `POST /v1/devices/{device}/keys` stored `stored` keys; the subjects in `erased` were erased
    /// on the collector (or by an erasure the device pushed), so their keys were not stored.
    case shared(stored: Int, erased: [String])
    /// An error status, with the body's code and message and the `Retry-After` seconds.
    case refused(status: Int, code: String, message: String, retryAfterSeconds: Int? = nil)
    /// No reply: the request may be sent again (storing a shared key twice replaces it).
    case unreachable(reason: String)
}

/// With it, a ``Pusher`` shares the database's subjects' keys with the collector each time it has
/// sent every event, so that a reader who reveals a session in the fleet viewer sees its values.
public struct KeySharing: Sendable {
    /// The collector's public key to wrap for; nil asks the collector (`GET /v1/collector-key`).
    public var collectorKey: CollectorPublicKey?
    /// The keys of every subject not in `shared`, wrapped for `collector`.
    public var keys: @Sendable (_ collector: CollectorPublicKey, _ shared: Set<String>) async throws -> [SharedSubjectKey]

    public init(
        collectorKey: CollectorPublicKey? = nil,
        keys: @escaping @Sendable (_ collector: CollectorPublicKey, _ shared: Set<String>) async throws -> [SharedSubjectKey]
    ) {
        self.collectorKey = collectorKey
        self.keys = keys
    }
}
