import SheetLog
import SheetLogReports

/// `/` and `/devices/{device}/sessions`: the sessions of a device, with search, filters and paging.
enum SessionsPage {
    static func render(
        device: String, all: [SessionActivity], filter: SessionFilter, stats: Statistics, base: LogBase?
    ) throws(SheetLogError) -> HTML {
        let page = try filter.page(of: all)
        let rows = page.sessions.map { activity -> HTML in
            """
            <tr data-session="\(activity.session)">\
            <td class="id"><a href="\(ViewerPaths.timeline(device: device, session: activity.session))">\(activity.session)</a></td>\
            <td class="number">\(activity.events)</td>\
            <td><time>\(TimeText.describe(activity.firstAt))</time></td><td><time>\(TimeText.describe(activity.lastAt))</time></td>\
            <td class="number">\(activity.presentations)</td>\
            <td class="number\(activity.openDrafts > 0 ? " attention" : "")">\(activity.openDrafts)</td>\
            <td class="number\(activity.blocked > 0 ? " attention" : "")">\(activity.blocked)</td>\
            <td class="number\(activity.discarded > 0 ? " warning" : "")">\(activity.discarded)</td></tr>
            """
        }
        let table: HTML = rows.isEmpty
            ? "<p class=\"empty\">No session matches.</p>"
            : """
                <table class="listing sessions"><thead><tr><th scope="col">Session</th><th scope="col">Events</th>\
                <th scope="col">First event</th><th scope="col">Last event</th><th scope="col">Sheets</th>\
                <th scope="col">Open drafts</th><th scope="col">Blocked</th><th scope="col">Discarded</th></tr></thead>
                <tbody>\(rows)</tbody></table>
                """
        let content: HTML = """
            <header class="page-head">
            <h1>Sessions</h1>
            <p class="summary">\(stats.sessions) \(stats.sessions == 1 ? "session" : "sessions") · \(stats.events) events · \
            \(stats.recoverableDrafts) recoverable \(stats.recoverableDrafts == 1 ? "draft" : "drafts") · \(stats.fileBytes) bytes</p>
            \(KeptLogHTML.paragraph(base))
            </header>
            \(form(device: device, filter: filter, routes: Set(all.flatMap(\.routes)).sorted()))
            \(table)
            \(pager(device: device, filter: filter, next: page.next))
            """
        return PageLayout.render(title: "Sessions", page: "sessions", device: device, section: .sessions, content: content)
    }

    private static func form(device: String, filter: SessionFilter, routes: [String]) -> HTML {
        let options = routes.map { route -> HTML in
            route == filter.sessionQuery.route ? "<option value=\"\(route)\" selected>\(route)</option>" : "<option value=\"\(route)\">\(route)</option>"
        }
        let checked: HTML = filter.discardedOnly ? " checked" : .empty
        let withDraft: HTML = filter.sessionQuery.hasDraft ? " checked" : .empty
        return """
            <form class="filters" method="get" action="\(ViewerPaths.sessions(device: device))" role="search">
            <label>Search <input type="search" name="q" value="\(filter.search ?? "")" maxlength="\(QueryParameters.maxTextBytes)" placeholder="part of a session id"></label>
            <label>Active at <input type="text" name="activeAt" value="\(filter.activeAtText ?? "")" maxlength="40" \
            placeholder="2026-01-01T09:00:00Z or a date" title="Sessions with an event at or before this time and one at or after it (a date: that day, UTC)"></label>
            <label>Route <select name="route" class="auto-submit"><option value="">any</option>\(options)</select></label>
            <label class="check"><input type="checkbox" name="hasDraft" value="true" class="auto-submit"\(withDraft)> open drafts</label>
            <label class="check"><input type="checkbox" name="discardedOnly" value="true" class="auto-submit"\(checked)> discarded unsaved data</label>
            <button type="submit">Apply</button>
            <a class="clear" href="\(ViewerPaths.sessions(device: device))">Clear</a>
            </form>
            """
    }

    private static func pager(device: String, filter: SessionFilter, next: String?) -> HTML {
        var links: [HTML] = []
        if filter.after != nil { links.append("<a href=\"\(ViewerPaths.sessions(device: device, query: filter.query()))\">First page</a>") }
        if let next { links.append("<a rel=\"next\" href=\"\(ViewerPaths.sessions(device: device, query: filter.query(after: next)))\">Next page →</a>") }
        return links.isEmpty ? .empty : "<nav class=\"pager\" aria-label=\"Pages\">\(links)</nav>"
    }
}
