/// A device's last stored event as the next batch continues it: its position, chain and chain rule;
/// (0, genesis, rule 1) for a device with no events.
struct StoredHead: Sendable, Equatable {
    var position: Int64
    var chain: [UInt8]
    var rule: Int
}
