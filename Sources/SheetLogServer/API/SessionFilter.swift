import Foundation
import SheetLog
import SheetLogReports

/// The session list's search, filters and page, as `/api/devices/{device}/sessions` and the
/// sessions page take them: `q` (part of the session id, any case), `route` (a route the session
/// presented), `discardedOnly=true`, `limit` and `after` (the last session of the previous page).
package struct SessionFilter: Sendable, Hashable {
    package static let parameterNames: Set<String> = ["q", "route", "discardedOnly", "limit", "after"]
    package static let defaultLimit = 100
    package static let maxLimit = 1_000

    package var search: String?
    package var route: String?
    package var discardedOnly = false
    package var limit = SessionFilter.defaultLimit
    package var after: String?

    package init() {}

    package init(_ parameters: QueryParameters) throws(SheetLogError) {
        search = parameters.text("q")
        route = parameters.text("route")
        discardedOnly = try parameters.flag("discardedOnly")
        limit = Int(try parameters.integer("limit", in: 1...Int64(Self.maxLimit)) ?? Int64(Self.defaultLimit))
        after = parameters.text("after")
    }

    /// One page of `sessions` (in their listing order) and the cursor of the next page, nil at the end.
    ///
    /// Throws ``SheetLogError/Code/invalidInput`` when `after` names no session of the list.
    package func page(of sessions: [SessionActivity]) throws(SheetLogError) -> (sessions: [SessionActivity], next: String?) {
        var start = sessions.startIndex
        if let after {
            guard let index = sessions.firstIndex(where: { $0.session == after }) else {
                throw QueryParameters.refusal("parameter after names no session of this device", parameter: "after")
            }
            start = index + 1
        }
        var page: [SessionActivity] = []
        var index = start
        while index < sessions.endIndex, page.count < limit {
            if matches(sessions[index]) { page.append(sessions[index]) }
            index += 1
        }
        let more = sessions[index...].contains(where: matches)
        return (page, more ? page.last?.session : nil)
    }

    /// Whether `activity` passes the search and the filters.
    package func matches(_ activity: SessionActivity) -> Bool {
        if let search, activity.session.range(of: search, options: [.caseInsensitive]) == nil { return false }
        if let route, !activity.routes.contains(route) { return false }
        if discardedOnly && activity.discarded == 0 { return false }
        return true
    }

    /// The parameters that give this filter (for links to other pages of it).
    package func query(after cursor: String? = nil) -> [(String, String?)] {
        [("q", search), ("route", route), ("discardedOnly", discardedOnly ? "true" : nil),
         ("limit", limit == Self.defaultLimit ? nil : String(limit)), ("after", cursor)]
    }
}
