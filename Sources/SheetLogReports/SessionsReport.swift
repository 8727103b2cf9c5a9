import SheetLog

/// The rows of `sheetlog sessions`: `--json`, `--csv` and the human table, the same rows the viewer's
/// session list answers (``SessionActivityJSON``); with `devices`, each row leads with its device
/// (`sheetlog-server sessions`).
package enum SessionsReport {
    /// The columns of the CSV header and of the human table, in order.
    package static let columns = ["session", "events", "firstAt", "lastAt", "routes", "presentations", "openDrafts", "blocked", "discarded"]

    /// A pretty-printed JSON array of ``SessionActivityJSON``; with `devices`, each has a `"device"` key.
    package static func json(_ sessions: [SessionActivity], devices: [String]? = nil) throws(SheetLogError) -> String {
        guard let devices else { return try JSONOutput.pretty(sessions.map(SessionActivityJSON.init)) }
        return try JSONOutput.pretty(zip(devices, sessions).map { DeviceJSON(device: $0, SessionActivityJSON($1)) })
    }

    /// RFC 4180 CSV with a header row; routes joined by `;`, an unknown time empty.
    package static func csv(_ sessions: [SessionActivity], devices: [String]? = nil) -> String {
        let rows = sessions.enumerated().map { index, activity in
            (devices.map { [$0[index]] } ?? []) + cells(activity, listSeparator: ";", empty: "")
        }
        return CSVWriter.render(header: (devices == nil ? [] : ["device"]) + columns, rows: rows)
    }

    /// The human table: ``columns`` upper-cased, routes joined by `, `, `-` for no value.
    package static func human(_ sessions: [SessionActivity], devices: [String]? = nil) -> String {
        if sessions.isEmpty { return "no sessions match\n" }
        let header = columns.map { $0.uppercased() }
        var table = TextTable(devices == nil ? header : ["DEVICE"] + header)
        for (index, activity) in sessions.enumerated() {
            table.append((devices.map { [$0[index]] } ?? []) + cells(activity, listSeparator: ", ", empty: "-"))
        }
        return table.render()
    }

    /// One session's cells in ``columns`` order.
    private static func cells(_ activity: SessionActivity, listSeparator: String, empty: String) -> [String] {
        let routes = SessionActivityJSON.sortedRoutes(activity.routes)
        return [
            activity.session, String(activity.events), TimeText.iso(activity.firstAt) ?? empty, TimeText.iso(activity.lastAt) ?? empty,
            routes.isEmpty ? empty : routes.joined(separator: listSeparator), String(activity.presentations), String(activity.openDrafts),
            String(activity.blocked), String(activity.discarded),
        ]
    }
}
