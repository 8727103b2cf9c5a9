import SheetLog
import SheetLogReports

/// The audit trail's filters as `sheetlog audit` takes them (`session`, `route`, `source`,
/// `outcome`, `resolution`, `since`, `until`), for the API and the audit page.
package struct AuditFilter: Sendable, Hashable {
    package static let parameterNames: Set<String> = ["session", "route", "source", "outcome", "resolution", "since", "until"]

    package var query = AuditQuery()
    /// The texts given for `since` and `until`, to write them back into the page's form and links.
    package var sinceText: String?
    package var untilText: String?

    package init() {}

    /// Reads the filters; a date means the whole day as in the CLI, and an empty range is refused
    /// (`until` not after `since`), as `sheetlog audit` refuses it.
    package init(_ parameters: QueryParameters) throws(SheetLogError) {
        query = AuditQuery(
            session: parameters.text("session"), route: parameters.text("route"),
            source: try parameters.choice("source", as: DismissSource.self),
            outcome: try parameters.choice("outcome", as: DismissOutcome.self),
            resolution: try parameters.choice("resolution", as: DismissalRecord.Resolution.self),
            since: try parameters.time("since", endOfDay: false), until: try parameters.time("until", endOfDay: true))
        sinceText = parameters.text("since")
        untilText = parameters.text("until")
        if let start = query.since, let end = query.until, end <= start {
            throw QueryParameters.refusal("parameter until must be later than since", parameter: "until")
        }
    }

    /// The parameters that give this filter.
    package var parameters: [(String, String?)] {
        [("session", query.session), ("route", query.route), ("source", query.source?.rawValue),
         ("outcome", query.outcome?.rawValue), ("resolution", query.resolution?.rawValue),
         ("since", sinceText), ("until", untilText)]
    }
}
