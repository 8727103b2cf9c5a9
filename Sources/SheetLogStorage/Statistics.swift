/// Sizes and counts of a database, from ``SheetLogDatabase/stats()``.
///
/// ```swift
/// let stats = try await database.stats()
/// print("\(stats.events) events, \(stats.recoverableDrafts) drafts to recover, \(Int(stats.bytesPerEvent)) bytes an event")
/// ```
public struct Statistics: Sendable, Hashable, Codable {
    /// Events in the log.
    public var events: Int64
    /// Sessions with at least one event (the log's own `$erasures` stream is none).
    public var sessions: Int
    /// Event count by type name.
    public var eventsByType: [String: Int64]
    /// Dirty drafts of sheets still on screen.
    public var openDrafts: Int
    /// Drafts in the `recoverable_drafts` view (open or abandoned).
    public var recoverableDrafts: Int
    /// The database file plus its WAL, in bytes (the page count times the page size in memory).
    public var fileBytes: Int64
    /// `fileBytes / events`, 0 for an empty log.
    public var bytesPerEvent: Double
    /// Where the kept log begins when the log was pruned (the latest cut + 1); nil when it never was.
    public var keptLogBegins: Int64?
    /// When the latest prune ran (milliseconds since 1970, the store's clock); nil when never pruned.
    public var lastPrunedAt: Int64?
    /// Events removed by every prune; nil when never pruned.
    public var prunedEvents: Int64?

    /// Statistics from these counts; ``bytesPerEvent`` is worked out from them.
    public init(
        events: Int64, sessions: Int, eventsByType: [String: Int64], openDrafts: Int, recoverableDrafts: Int,
        fileBytes: Int64
    ) {
        self.events = events
        self.sessions = sessions
        self.eventsByType = eventsByType
        self.openDrafts = openDrafts
        self.recoverableDrafts = recoverableDrafts
        self.fileBytes = fileBytes
        self.bytesPerEvent = events == 0 ? 0 : Double(fileBytes) / Double(events)
    }

    /// These statistics of a log pruned down to `base` (nil: never pruned).
    public func pruned(to base: LogBase?) -> Statistics {
        var copy = self
        copy.keptLogBegins = base?.firstKeptPosition
        copy.lastPrunedAt = base?.prunedAt
        copy.prunedEvents = base?.removedEvents
        return copy
    }
}
