import SheetLog
import SheetLogReports

/// `/devices/{device}/drafts`: the drafts a relaunch would offer to restore, each linked to the
/// timeline at its last edit.
enum DraftsPage {
    /// `versions` maps a draft (session and presentation) to the version of its last edit; `mask`
    /// says whether `drafts` come with their values masked (the fleet), for the page to say so.
    static func render(device: String, drafts: [RecoverableDraft], versions: [DraftReference: Int64], mask: ValueMask = .shown) -> HTML {
        let rows = drafts.map { draft -> HTML in
            let reference = DraftReference(session: draft.session, presentation: draft.presentation)
            let link: HTML = versions[reference].map {
                "<a class=\"open\" href=\"\(ViewerPaths.timeline(device: device, session: draft.session, version: $0))\">last edit, v\($0)</a>"
            } ?? "-"
            let values = draft.values.keys.sorted().map { name -> HTML in
                "<li><span class=\"field-name\">\(name)</span> \(ValueText.cell(draft.values[name]))</li>"
            }
            return """
                <tr data-session="\(draft.session)" data-presentation="\(draft.presentation)">\
                <td class="id">\(draft.session)</td><td class="id">\(draft.presentation)</td><td>\(draft.route.name)</td>\
                <td><span class="badge reason-\(draft.reason.rawValue)">\(draft.reason.rawValue)</span></td>\
                <td>\(draft.changedFields.isEmpty ? "-" : draft.changedFields.joined(separator: ", "))</td>\
                <td><time>\(TimeText.describe(draft.lastEditAt))</time></td><td><ul class="values">\(values)</ul></td><td>\(link)</td></tr>
                """
        }
        let table: HTML = rows.isEmpty
            ? "<p class=\"empty\">No recoverable drafts.</p>"
            : """
                <table class="listing drafts"><thead><tr><th scope="col">Session</th><th scope="col">Presentation</th>\
                <th scope="col">Route</th><th scope="col">Reason</th><th scope="col">Changed fields</th><th scope="col">Last edit</th>\
                <th scope="col">Values</th><th scope="col">Timeline</th></tr></thead>
                <tbody>\(rows)</tbody></table>
                """
        let content: HTML = """
            <header class="page-head"><h1>Recoverable drafts</h1>
            <p class="summary">Dirty forms that were neither saved nor discarded: <b>open</b> when still on screen as the log stops, \
            <b>abandoned</b> when they left the screen dirty.\(mask == .masked ? maskedNote : .empty) <a href="/api/devices/\(HTML(trusted: ViewerPaths.segment(device)))/drafts">JSON</a></p>
            </header>
            \(table)
            """
        return PageLayout.render(title: "Drafts", page: "drafts", device: device, section: .drafts, content: content)
    }

    private static let maskedNote: HTML = " Values are masked (••••): a reader who may reveal values reveals one session at a time, on its timeline."
}
