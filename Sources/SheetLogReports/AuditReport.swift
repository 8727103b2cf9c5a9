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
}
