import SheetLogCore

/// The device's log as the pusher reads it, and where it keeps each collector's cursor: an
/// SQLite file (`SQLiteEventStore`) in the app and in `sheetlog push`.
public protocol PushSource: Sendable {
    /// The events after `position`, in position order, at most `limit`.
    func events(after position: Int64, limit: Int) async throws -> [RecordedEvent]
    /// The position of the log's last event, 0 when it is empty.
    func lastPosition() async throws -> Int64
    /// How far `collector` acknowledged storing this log as `device`; nil when never.
    func pushCursor(collector: String, device: String) async throws -> (through: Int64, chain: [UInt8])?
    /// Moves the cursor forward to `through` once the log's event there has `chain` (else throws
    /// ``SheetLogError/Code/historyMismatch``).
    func acknowledgePush(collector: String, device: String, through: Int64, chain: [UInt8], at milliseconds: Int64) async throws
    /// Returns once the log holds an event after `position`; throws when the task is cancelled.
    func waitForEvents(after position: Int64) async throws
    /// Where a pruned log begins: the last position its prunes removed, and when the latest ran
    /// (milliseconds since 1970); nil for a log never pruned. The pusher sends nothing at or
    /// before the cut: a collector that holds the device through it (or started it at this base)
    /// takes the rest, one that lacks the pruned part answers with a gap and the push stops.
    func pruneCut() async throws -> (position: Int64, prunedAt: Int64)?
}

extension PushSource {
    /// A log that is never pruned.
    public func pruneCut() async throws -> (position: Int64, prunedAt: Int64)? { nil }
}
