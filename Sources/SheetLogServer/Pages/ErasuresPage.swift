import SheetLog
import SheetLogReports

/// `/devices/{device}/erasures`: who erased whose data, when, and what it removed — the rows of
/// `sheetlog erasures`, each closed session linked to its timeline. In the fleet, the device's own
/// erasures (pushed `eraseSubject` events) and the collector's that apply to it, told apart by origin.
enum ErasuresPage {
    static func render(device: String, records: [ErasureRecord]) -> HTML {
        let rows = records.map { record -> HTML in
            let closed: [HTML] = record.closedSessions.map { session in
                "<li><a class=\"id\" href=\"\(ViewerPaths.timeline(device: device, session: session))\">\(session)</a></li>"
            }
            // Typed as HTML: a conditional of two literals would be a String, and escaped whole.
            let closedCell: HTML = closed.isEmpty ? "-" : "<ul class=\"values\">\(closed)</ul>"
            return """
                <tr data-subject="\(record.subject)"><td class="number">\(record.position.map(String.init) ?? "-")</td>\
                <td><span class="badge origin-\(record.origin.rawValue)">\(record.origin.rawValue)</span></td>\
                <td class="id">\(record.subject)</td><td>\(record.requestedBy.isEmpty ? "-" : record.requestedBy)</td>\
                <td><time>\(TimeText.describe(record.erasedAt))</time></td><td class="number">\(record.sessions)</td>\
                <td>\(closedCell)</td><td>\(record.keyErased ? "yes" : "no")</td>\
                <td class="id">\(record.eventID ?? "-")</td></tr>
                """
        }
        let table: HTML = rows.isEmpty
            ? "<p class=\"empty\">No erasures.</p>"
            : """
                <table class="listing erasures"><thead><tr><th scope="col">Position</th><th scope="col">Origin</th>\
                <th scope="col">Subject</th><th scope="col">Requested by</th><th scope="col">At</th><th scope="col">Sessions erased</th>\
                <th scope="col">Sessions closed</th><th scope="col">Key erased</th><th scope="col">Event</th></tr></thead>
                <tbody>\(rows)</tbody></table>
                """
        let content: HTML = """
            <header class="page-head"><h1>Erasures</h1>
            <p class="summary">Who erased whose data, and when: each erasure of a subject, who asked, how many of its sessions \
            now read as [erased], the open sessions it closed, and whether its key is gone. \
            <a class="download" href="\(ViewerPaths.apiErasures(device: device, query: [("format", "csv")]))" download="erasures.csv">Download CSV</a> · \
            <a href="\(ViewerPaths.apiErasures(device: device, query: []))">JSON</a></p>
            </header>
            \(table)
            """
        return PageLayout.render(title: "Erasures", page: "erasures", device: device, section: .erasures, content: content)
    }
}
