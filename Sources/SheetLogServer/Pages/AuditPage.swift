import SheetLog
import SheetLogReports

/// `/devices/{device}/audit`: every dismissal attempt with the CLI's filters, a CSV download, and
/// each row linked to the timeline at that attempt's version.
enum AuditPage {
    static let defaultLimit = 200
    static let maxLimit = 1_000

    /// `records` is one page of the trail; `versions` maps their positions to session versions;
    /// `next` is the position to continue after, nil on the last page.
    static func render(
        device: String, filter: AuditFilter, records: [DismissalRecord], versions: [Int64: Int64], limit: Int, after: Int64?, next: Int64?,
        base: LogBase?
    ) -> HTML {
        let rows = records.map { record -> HTML in
            let version = versions[record.position]
            let link: HTML = version.map { "<a class=\"open\" href=\"\(ViewerPaths.timeline(device: device, session: record.session, version: $0))\">v\($0)</a>" } ?? "-"
            return """
                <tr data-position="\(record.position)"><td class="number">\(record.position)</td>\
                <td class="id">\(record.session)</td><td class="id">\(record.presentation)</td><td>\(record.route)</td>\
                <td>\(record.source.rawValue)</td><td><span class="badge outcome-\(record.outcome.rawValue)">\(record.outcome.rawValue)</span></td>\
                <td>\(record.dirty ? "yes" : "no")</td><td>\(record.changedFields.isEmpty ? "-" : record.changedFields.joined(separator: ", "))</td>\
                <td>\(record.resolution?.rawValue ?? "-")</td><td><time>\(TimeText.describe(record.occurredAt))</time></td><td>\(link)</td></tr>
                """
        }
        let table: HTML = rows.isEmpty
            ? "<p class=\"empty\">No dismissals match.</p>"
            : """
                <table class="listing audit"><thead><tr><th scope="col">Position</th><th scope="col">Session</th>\
                <th scope="col">Presentation</th><th scope="col">Route</th><th scope="col">Source</th><th scope="col">Outcome</th>\
                <th scope="col">Dirty</th><th scope="col">Changed fields</th><th scope="col">Resolution</th><th scope="col">At</th>\
                <th scope="col">Timeline</th></tr></thead>
                <tbody>\(rows)</tbody></table>
                """
        let limitParameter: (String, String?) = ("limit", limit == defaultLimit ? nil : String(limit))
        var pages: [HTML] = []
        if after != nil { pages.append("<a href=\"\(ViewerPaths.audit(device: device, query: filter.parameters + [limitParameter]))\">First page</a>") }
        if let next {
            let query = filter.parameters + [limitParameter, ("after", String(next))]
            pages.append("<a rel=\"next\" href=\"\(ViewerPaths.audit(device: device, query: query))\">Next page →</a>")
        }
        let content: HTML = """
            <header class="page-head"><h1>Audit</h1>
            <p class="summary">Every dismissal attempt: who tried to leave which sheet, how, and what happened to the draft (field names only). \
            <a class="download" href="\(ViewerPaths.apiAudit(device: device, query: filter.parameters + [("format", "csv")]))" download="audit.csv">Download CSV</a> · \
            <a href="\(ViewerPaths.apiAudit(device: device, query: filter.parameters))">JSON</a></p>
            \(KeptLogHTML.paragraph(base))
            </header>
            \(form(device: device, filter: filter))
            \(table)
            \(pages.isEmpty ? .empty : "<nav class=\"pager\" aria-label=\"Pages\">\(pages)</nav>")
            """
        return PageLayout.render(title: "Audit", page: "audit", device: device, section: .audit, content: content)
    }

    private static func form(device: String, filter: AuditFilter) -> HTML {
        let query = filter.query
        return """
            <form class="filters" method="get" action="\(ViewerPaths.audit(device: device))">
            <label>Session <input type="text" name="session" value="\(query.session ?? "")" maxlength="\(QueryParameters.maxTextBytes)"></label>
            <label>Route <input type="text" name="route" value="\(query.route ?? "")" maxlength="\(QueryParameters.maxTextBytes)"></label>
            <label>Source \(select("source", DismissSource.allCases.map(\.rawValue), query.source?.rawValue))</label>
            <label>Outcome \(select("outcome", DismissOutcome.allCases.map(\.rawValue), query.outcome?.rawValue))</label>
            <label>Resolution \(select("resolution", DismissalRecord.Resolution.allCases.map(\.rawValue), query.resolution?.rawValue))</label>
            <label>Since <input type="text" name="since" value="\(filter.sinceText ?? "")" placeholder="2026-01-01" maxlength="40"></label>
            <label>Until <input type="text" name="until" value="\(filter.untilText ?? "")" placeholder="2026-01-31" maxlength="40"></label>
            <button type="submit">Apply</button>
            <a class="clear" href="\(ViewerPaths.audit(device: device))">Clear</a>
            </form>
            """
    }

    private static func select(_ name: String, _ values: [String], _ selected: String?) -> HTML {
        let options = values.map { value -> HTML in
            value == selected ? "<option value=\"\(value)\" selected>\(value)</option>" : "<option value=\"\(value)\">\(value)</option>"
        }
        return "<select name=\"\(name)\" class=\"auto-submit\"><option value=\"\">any</option>\(options)</select>"
    }
}
