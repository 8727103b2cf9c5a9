import SheetLog

/// The filters of `sheetlog sessions` (and of the fleet's), which the viewer's session list applies
/// too: one rule for which session matches, wherever the list is asked for.
///
/// Times are milliseconds since 1970 on the app's clock, compared with a session's first and last
/// event. A session whose events have no time matches no time filter.
///
/// ```swift
/// let query = SessionQuery(activeFrom: at, activeThrough: at, route: "newExpense")
/// let sessions = try await database.sessionActivity(matching: query)
/// ```
package struct SessionQuery: Sendable, Hashable {
    /// Active at some moment of `activeFrom...activeThrough`: its first event at or before the end,
    /// its last at or after the start (one instant when both are the same).
    package var activeFrom: Int64?
    package var activeThrough: Int64?
    /// Its last event at or after this time.
    package var since: Int64?
    /// Its first event before this time.
    package var until: Int64?
    /// Presented a sheet of this route name.
    package var route: String?
    /// Its first event is sealed under this subject (sealed logs); read from the log, not the list.
    package var subject: String?
    /// Only sessions with an open draft (a dirty sheet still on screen when the log stops).
    package var hasDraft = false

    package init(
        activeFrom: Int64? = nil, activeThrough: Int64? = nil, since: Int64? = nil, until: Int64? = nil, route: String? = nil,
        subject: String? = nil, hasDraft: Bool = false
    ) {
        self.activeFrom = activeFrom
        self.activeThrough = activeThrough
        self.since = since
        self.until = until
        self.route = route
        self.subject = subject
        self.hasDraft = hasDraft
    }

    /// `--active-at` and `activeAt=` as text: a time is that instant, a date (UTC) the whole day;
    /// nil when `text` is neither form (``AuditTimeArgument/forms``).
    package static func activeRange(_ text: String) -> (from: Int64, through: Int64)? {
        guard let start = AuditTimeArgument.milliseconds(text, endOfDay: false),
              let end = AuditTimeArgument.milliseconds(text, endOfDay: true)
        else { return nil }
        // A date's end is the start of the next day, which is not in it.
        return (start, end == start ? end : end - 1)
    }

    /// Whether `activity` passes every filter but ``subject``, which needs the session's first event.
    package func matches(_ activity: SessionActivity) -> Bool {
        if let route, !activity.routes.contains(route) { return false }
        if hasDraft && activity.openDrafts == 0 { return false }
        if let activeThrough, !(activity.firstAt.map { $0 <= activeThrough } ?? false) { return false }
        if let activeFrom, !(activity.lastAt.map { $0 >= activeFrom } ?? false) { return false }
        if let since, !(activity.lastAt.map { $0 >= since } ?? false) { return false }
        if let until, !(activity.firstAt.map { $0 < until } ?? false) { return false }
        return true
    }
}
