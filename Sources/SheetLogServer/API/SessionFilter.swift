import Foundation
import SheetLog
import SheetLogReports

/// The session list's search, filters and page, as `/api/devices/{device}/sessions` and the
/// sessions page take them: `q` (part of the session id, any case), `route` (a route the session
/// presented), `activeAt` (a time, or a date meaning that day, as `sheetlog sessions --active-at`),
/// `hasDraft=true`, `discardedOnly=true`, `limit` and `after` (the last session of the previous page).
///
/// `route`, `activeAt` and `hasDraft` are its ``sessionQuery``, matched as `sheetlog sessions` matches it.
package struct SessionFilter: Sendable, Hashable {
    package static let parameterNames: Set<String> = ["q", "route", "activeAt", "hasDraft", "discardedOnly", "limit", "after"]
    package static let defaultLimit = 100
    package static let maxLimit = 1_000

    package var search: String?
    package var sessionQuery = SessionQuery()
    /// The text given for `activeAt`, to write it back into the page's form and links.
    package var activeAtText: String?
    package var discardedOnly = false
    package var limit = SessionFilter.defaultLimit
    package var after: String?

    package init() {}

    package init(_ parameters: QueryParameters) throws(SheetLogError) {
        search = parameters.text("q")
        sessionQuery.route = parameters.text("route")
        sessionQuery.hasDraft = try parameters.flag("hasDraft")
        if let text = parameters.text("activeAt") {
            guard let range = SessionQuery.activeRange(text) else {
                throw QueryParameters.refusal("parameter activeAt must be \(AuditTimeArgument.forms)", parameter: "activeAt")
            }
            (sessionQuery.activeFrom, sessionQuery.activeThrough) = range
            activeAtText = text
        }
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
        if !sessionQuery.matches(activity) { return false }
        if discardedOnly && activity.discarded == 0 { return false }
        return true
    }

    /// The parameters that give this filter (for links to other pages of it).
    package func query(after cursor: String? = nil) -> [(String, String?)] {
        [("q", search), ("route", sessionQuery.route), ("activeAt", activeAtText), ("hasDraft", sessionQuery.hasDraft ? "true" : nil), ("discardedOnly", discardedOnly ? "true" : nil),
         ("limit", limit == Self.defaultLimit ? nil : String(limit)), ("after", cursor)]
    }
}
