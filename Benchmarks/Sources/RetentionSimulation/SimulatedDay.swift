import Foundation

/// One day of a run, measured after the day's prune and a WAL checkpoint: a row of the CSV.
public struct SimulatedDay: Sendable, Hashable {
    /// 1 for the first day.
    public var day: Int
    /// The database file's size.
    public var fileBytes: Int64
    /// The WAL's size after the checkpoint (0 once truncated).
    public var walBytes: Int64
    /// Events in the log.
    public var events: Int64
    /// Events the day's prune removed.
    public var removedEvents: Int64
    /// What the day's prune reported freed.
    public var bytesFreed: Int64
    /// The log's cut after the day's prune (0: never pruned).
    public var cutPosition: Int64
    /// Sessions in the log.
    public var sessionsKept: Int
    /// What stopped the day's prune (empty without retention).
    public var stoppedBy: String

    /// The CSV's header, in ``csvFields`` order.
    public static let csvHeader = "day,file_bytes,wal_bytes,events,removed_events,bytes_freed,cut_position,sessions_kept,stopped_by"

    public var csvFields: String {
        // `stoppedBy` names a session and a reason, never a value; quoted as it may hold a comma.
        let stop = "\"" + stoppedBy.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        return "\(day),\(fileBytes),\(walBytes),\(events),\(removedEvents),\(bytesFreed),\(cutPosition),\(sessionsKept),\(stop)"
    }
}
