/// What the fleet store did with a batch a device pushed (``PostgresEventStore/storePushed(_:)``):
/// the collector's reply to the device.
///
/// ```swift
/// switch try await store.storePushed(events) {
/// case let .stored(through, chain, _): reply(200, through, chain)
/// case let .gap(through): reply(409, "gap", through)
/// case let .fork(position, _): reply(409, "fork", position)
/// }
/// ```
public enum PushStoreOutcome: Sendable, Hashable {
    /// The device's log is stored through `storedThrough`, whose chain is `chain`, the batch in it;
    /// `added` of its events were new (0 for a resent batch).
    case stored(storedThrough: Int64, chain: [UInt8], added: Int)
    /// The batch starts after `storedThrough + 1`: nothing was stored; the device sends again from there.
    case gap(storedThrough: Int64)
    /// The batch's event at `position` differs from the one stored there (a fork, an edited row):
    /// nothing was stored, and history is never overwritten.
    case fork(position: Int64, storedThrough: Int64)
}
