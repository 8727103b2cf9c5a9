import SheetLog

/// The rows of `sheetlog audit` as machines read them: `--json` and `--csv`, the same bytes wherever
/// they are served (the CLI, the viewer's API).
package enum AuditReport {
    /// The columns of the CSV header and of the human table, in order.
    package static let columns = ["position", "session", "presentation", "route", "source", "outcome", "dirty", "changedFields", "resolution", "at"]

    /// A pretty-printed JSON array of ``AuditRecordJSON``.
    package static func json(_ records: [DismissalRecord]) throws(SheetLogError) -> String {
        try JSONOutput.pretty(records.map(AuditRecordJSON.init))
    }

    /// RFC 4180 CSV with a header row; lists joined by `;`, unknown values empty.
    package static func csv(_ records: [DismissalRecord]) -> String {
        CSVWriter.render(header: columns, rows: records.map { cells($0, listSeparator: ";", empty: "") })
    }

    /// One record's cells in ``columns`` order, as text; `empty` stands for no value.
    package static func cells(_ record: DismissalRecord, listSeparator: String, empty: String) -> [String] {
        [
            String(record.position), record.session, record.presentation, record.route, record.source.rawValue,
            record.outcome.rawValue, record.dirty ? "yes" : "no",
            record.changedFields.isEmpty ? empty : record.changedFields.joined(separator: listSeparator),
            record.resolution?.rawValue ?? empty, TimeText.iso(record.occurredAt) ?? empty,
        ]
    }

    /// The human table: ``columns`` with `CHANGED` for `changedFields`, lists joined by `, `, `-` for no value;
    /// with `devices`, a `DEVICE` column first (`sheetlog-server audit`).
    package static func human(_ records: [DismissalRecord], devices: [String]? = nil) -> String {
        if records.isEmpty { return "no dismissals match\n" }
        let header = columns.map { $0 == "changedFields" ? "CHANGED" : $0.uppercased() }
        var table = TextTable(devices == nil ? header : ["DEVICE"] + header)
        for (index, record) in records.enumerated() {
            let cells = cells(record, listSeparator: ", ", empty: "-")
            table.append(devices.map { [$0[index]] + cells } ?? cells)
        }
        return table.render()
    }

    /// ``json(_:)`` with a `"device"` key in each object.
    package static func json(_ records: [DismissalRecord], devices: [String]) throws(SheetLogError) -> String {
        try JSONOutput.pretty(zip(devices, records).map { DeviceJSON(device: $0, AuditRecordJSON($1)) })
    }

    /// ``csv(_:)`` with a `device` column first.
    package static func csv(_ records: [DismissalRecord], devices: [String]) -> String {
        CSVWriter.render(header: ["device"] + columns, rows: zip(devices, records).map { [$0] + cells($1, listSeparator: ";", empty: "") })
    }
}
