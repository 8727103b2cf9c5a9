import SheetLogReports

/// `/` when the reader serves more than one device: the "sessions active at …" search over every
/// device, its results when one was asked for, and one link per device.
enum DevicesPage {
    /// `accessLog`: the fleet's page links its access log (every reveal of values). `found`: the
    /// first page of the search `filter` asked for and how many sessions matched, nil without a search.
    static func render(
        devices: [String], accessLog: Bool = false, filter: SessionFilter = SessionFilter(),
        found: (rows: [DeviceSessionActivity], matching: Int)? = nil
    ) -> HTML {
        let items = devices.map { device -> HTML in "<li><a href=\"\(ViewerPaths.sessions(device: device))\">\(device)</a></li>" }
        let summary: HTML = accessLog
            ? "<p class=\"summary\">Form values are masked; every reveal is in the <a href=\"\(ViewerPaths.accessLog)\">access log</a>.</p>"
            : .empty
        let content: HTML = """
            <header class="page-head"><h1>Devices</h1>\(summary)</header>
            \(form(filter))
            \(found.map { results($0.rows, matching: $0.matching, filter: filter) } ?? .empty)
            <ul class="devices">\(items)</ul>
            """
        return PageLayout.render(title: "Devices", page: "devices", device: nil, section: .none, content: content)
    }

    private static func form(_ filter: SessionFilter) -> HTML {
        let withDraft: HTML = filter.sessionQuery.hasDraft ? " checked" : .empty
        return """
            <form class="filters" id="fleet-search" method="get" action="/" role="search" aria-label="Sessions of every device">
            <label>Sessions active at <input type="text" name="activeAt" value="\(filter.activeAtText ?? "")" maxlength="40" \
            placeholder="2026-01-01T09:00:00Z or a date" title="Sessions with an event at or before this time and one at or after it (a date: that day, UTC)"></label>
            <label>Route <input type="text" name="route" value="\(filter.sessionQuery.route ?? "")" maxlength="\(QueryParameters.maxTextBytes)" placeholder="any"></label>
            <label class="check"><input type="checkbox" name="hasDraft" value="true"\(withDraft)> open drafts</label>
            <button type="submit">Find sessions</button>
            <a class="clear" href="/">Clear</a>
            </form>
            """
    }

    /// The rows, each linking to its session's timeline (at the searched moment, when it is one instant).
    private static func results(_ rows: [DeviceSessionActivity], matching: Int, filter: SessionFilter) -> HTML {
        let shown: HTML = rows.count < matching
            ? "<p class=\"summary\" id=\"fleet-matching\">The first \(rows.count) of \(matching) matching sessions; narrow the search to see the others.</p>"
            : "<p class=\"summary\" id=\"fleet-matching\">\(matching) matching \(matching == 1 ? "session" : "sessions").</p>"
        if rows.isEmpty { return "<section class=\"fleet-sessions\">\(shown)<p class=\"empty\">No session matches.</p></section>" }
        let moment = filter.sessionQuery.activeFrom.flatMap { $0 == filter.sessionQuery.activeThrough ? TimeText.iso($0) : nil }
        let items = rows.map { row -> HTML in
            let activity = row.activity
            return """
                <tr data-device="\(row.device)" data-session="\(activity.session)"><td class="id">\(row.device)</td>\
                <td class="id"><a href="\(ViewerPaths.timeline(device: row.device, session: activity.session, at: moment))">\(activity.session)</a></td>\
                <td><time>\(TimeText.describe(activity.firstAt))</time></td><td><time>\(TimeText.describe(activity.lastAt))</time></td>\
                <td class="number">\(activity.events)</td></tr>
                """
        }
        return """
            <section class="fleet-sessions">\(shown)
            <table class="listing sessions" id="fleet-sessions"><thead><tr><th scope="col">Device</th><th scope="col">Session</th>\
            <th scope="col">First event</th><th scope="col">Last event</th><th scope="col">Events</th></tr></thead>
            <tbody>\(items)</tbody></table></section>
            """
    }
}
