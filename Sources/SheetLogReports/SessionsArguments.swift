/// The time options of `sheetlog sessions` and `sheetlog-server sessions`, checked and read alike.
package enum SessionsArguments {
    /// A usage problem with the times, as the sentence `ValidationError` prints; nil when they are fine.
    package static func problem(activeAt: String?, since: String?, until: String?) -> String? {
        if let activeAt, SessionQuery.activeRange(activeAt) == nil { return "--active-at must be \(AuditTimeArgument.forms)" }
        for (name, text) in [("--since", since), ("--until", until)] {
            if let text, AuditTimeArgument.milliseconds(text, endOfDay: false) == nil { return "\(name) must be \(AuditTimeArgument.forms)" }
        }
        // An empty range would answer "no sessions match" for a typo.
        if let since, let until, let start = AuditTimeArgument.milliseconds(since, endOfDay: false),
           let end = AuditTimeArgument.milliseconds(until, endOfDay: true), end <= start {
            return "--until must be later than --since"
        }
        return nil
    }

    /// The query the options give; call after ``problem(activeAt:since:until:)`` found none.
    package static func query(activeAt: String?, since: String?, until: String?, route: String?, subject: String?, hasDraft: Bool) -> SessionQuery {
        let active = activeAt.flatMap(SessionQuery.activeRange)
        return SessionQuery(
            activeFrom: active?.from, activeThrough: active?.through,
            since: since.flatMap { AuditTimeArgument.milliseconds($0, endOfDay: false) },
            until: until.flatMap { AuditTimeArgument.milliseconds($0, endOfDay: true) },
            route: route, subject: subject, hasDraft: hasDraft)
    }
}
