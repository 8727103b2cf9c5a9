import Foundation
import SheetLogDomain

/// Filters over the dismissal audit trail; every filter left nil matches everything.
///
/// ```swift
/// let startOfDay = Calendar.current.startOfDay(for: Date())
/// let swipes = try await database.audit(AuditQuery(route: "newExpense", source: .swipe, since: startOfDay))
/// print("\(swipes.count) swipes on new expenses today")
/// ```
public struct AuditQuery: Sendable, Hashable {
    /// The session (window) the dismissals happened in.
    public var session: String?
    /// The route name, e.g. `newExpense`.
    public var route: String?
    /// The route's exclusivity group, e.g. `editor`.
    public var group: String?
    /// How the user or the app tried to leave the sheet: swipe, Cancel button or code.
    public var source: DismissSource?
    /// What the attempt did: dismissed, blocked or forced.
    public var outcome: DismissOutcome?
    /// How the discard alert was answered; nil matches every dismissal, answered or not.
    public var resolution: DismissalRecord.Resolution?
    /// Only dismissals that occurred at or after this time (on the app's clock, as recorded).
    ///
    /// The log keeps whole milliseconds: a time between two of them starts at the later one.
    public var since: Date?
    /// Only dismissals that occurred before this time (exclusive).
    public var until: Date?
    /// At most this many records, the earliest first.
    public var limit: Int?

    /// A query with these filters; leave a filter out to match every dismissal on it.
    public init(
        session: String? = nil, route: String? = nil, group: String? = nil, source: DismissSource? = nil,
        outcome: DismissOutcome? = nil, resolution: DismissalRecord.Resolution? = nil, since: Date? = nil,
        until: Date? = nil, limit: Int? = nil
    ) {
        self.session = session
        self.route = route
        self.group = group
        self.source = source
        self.outcome = outcome
        self.resolution = resolution
        self.since = since
        self.until = until
        self.limit = limit
    }
}
