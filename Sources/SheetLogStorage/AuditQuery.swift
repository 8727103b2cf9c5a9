import SheetLogDomain

/// Filters over the dismissal audit trail; every filter left nil matches everything.
///
/// ```swift
/// let swipes = try await database.audit(AuditQuery(route: "newExpense", source: .swipe, since: startOfDay))
/// ```
public struct AuditQuery: Sendable, Hashable {
    public var session: String?
    /// The route name, e.g. `newExpense`.
    public var route: String?
    /// The route's exclusivity group, e.g. `editor`.
    public var group: String?
    public var source: DismissSource?
    public var outcome: DismissOutcome?
    /// How the discard alert was answered; nil matches every dismissal, answered or not.
    public var resolution: DismissalRecord.Resolution?
    /// Only dismissals that occurred at or after this time (milliseconds since 1970).
    public var since: Int64?
    /// Only dismissals that occurred before this time (milliseconds since 1970, exclusive).
    public var until: Int64?
    /// At most this many records, the earliest first.
    public var limit: Int?

    public init(
        session: String? = nil, route: String? = nil, group: String? = nil, source: DismissSource? = nil,
        outcome: DismissOutcome? = nil, resolution: DismissalRecord.Resolution? = nil, since: Int64? = nil,
        until: Int64? = nil, limit: Int? = nil
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
