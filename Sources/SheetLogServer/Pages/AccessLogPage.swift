import SheetLog
import SheetLogReports

/// `/access-log`: every reveal of a session's values in the fleet viewer, newest first: who, when,
/// which device and session.
enum AccessLogPage {
    /// `records` is one page, newest first; `next` is the `before` of the next page, nil on the last.
    static func render(records: [RevealRecord], next: Int64?) -> HTML {
        let rows = records.map { record -> HTML in
            """
            <tr data-reveal="\(record.id)"><td class="number">\(record.id)</td><td><time>\(TimeText.describe(record.revealedAt))</time></td>\
            <td class="id">\(record.reader)</td><td class="id"><a href="\(ViewerPaths.sessions(device: record.device))">\(record.device)</a></td>\
            <td class="id"><a href="\(ViewerPaths.timeline(device: record.device, session: record.session))">\(record.session)</a></td></tr>
            """
        }
        let table: HTML = rows.isEmpty
            ? "<p class=\"empty\">No values have been revealed.</p>"
            : """
                <table class="listing access-log"><thead><tr><th scope="col">Reveal</th><th scope="col">At</th><th scope="col">Reader</th>\
                <th scope="col">Device</th><th scope="col">Session</th></tr></thead>
                <tbody>\(rows)</tbody></table>
                """
        let pager: HTML = next.map { "<nav class=\"pager\" aria-label=\"Pages\"><a rel=\"next\" href=\"\(ViewerPaths.accessLog)?before=\($0)\">Older →</a></nav>" } ?? .empty
        let content: HTML = """
            <header class="page-head"><h1>Access log</h1>
            <p class="summary">Form values are masked in the fleet viewer. Each row is a reader revealing one session's values \
            (for \(RevealAccess.duration / 60_000) minutes), recorded before anything was shown. \
            <a href="/api/access-log">JSON</a></p>
            </header>
            \(table)
            \(pager)
            """
        return PageLayout.render(title: "Access log", page: "access-log", device: nil, section: .none, content: content)
    }
}
