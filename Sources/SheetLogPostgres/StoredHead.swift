/// A device's last stored event as the next batch continues it: its position, chain and chain rule;
/// the base's cut and chain for a device that started at a base and has no event yet; (0, genesis,
/// rule 1) for a device with neither.
struct StoredHead: Sendable, Equatable {
    var position: Int64
    var chain: [UInt8]
    var rule: Int
    /// Whether the device started at a base (fleet migration 0010): its sessions may continue carried states.
    var startedAtBase: Bool = false
}
