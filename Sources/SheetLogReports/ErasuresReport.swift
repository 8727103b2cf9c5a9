import SheetLog

/// The rows of `sheetlog erasures`: who erased whose data, when, and what it removed — a table,
/// `--json` or `--csv`, the same bytes wherever they are served (the CLI, the viewer's API).
package enum ErasuresReport {
    /// The columns of the CSV header and of the human table, in order.
    package static let columns = ["position", "eventId", "subject", "requestedBy", "at", "sessions", "closedSessions", "keyErased", "origin"]

    /// A pretty-printed JSON array of ``ErasureRecordJSON``.
    package static func json(_ records: [ErasureRecord]) throws(SheetLogError) -> String {
        try JSONOutput.pretty(records.map(ErasureRecordJSON.init))
    }

    /// RFC 4180 CSV with a header row (``CSVWriter``, with its guard against formulas: a requester
    /// named `=cmd` is written `'=cmd`); closed sessions joined by `;`, unknown values empty.
    package static func csv(_ records: [ErasureRecord]) -> String {
        CSVWriter.render(header: columns, rows: records.map { cells($0, listSeparator: ";", empty: "") })
    }

    /// One record's cells in ``columns`` order, as text; `empty` stands for no value.
    package static func cells(_ record: ErasureRecord, listSeparator: String, empty: String) -> [String] {
        [
            record.position.map(String.init) ?? empty, record.eventID ?? empty, record.subject,
            record.requestedBy.isEmpty ? empty : record.requestedBy, TimeText.iso(record.erasedAt) ?? empty, String(record.sessions),
            record.closedSessions.isEmpty ? empty : record.closedSessions.joined(separator: listSeparator),
            record.keyErased ? "yes" : "no", record.origin.rawValue,
        ]
    }

    /// The human table, lists joined by `, `, `-` for no value; `no erasures in SOURCE` for none.
    /// The `ORIGIN` column is shown only when a row is not the log's own (the fleet's collector).
    package static func human(_ records: [ErasureRecord], source: String) -> String {
        if records.isEmpty { return "no erasures in \(source)\n" }
        let withOrigin = records.contains { $0.origin != .device }
        let header = ["POSITION", "EVENT", "SUBJECT", "REQUESTED BY", "AT", "SESSIONS", "CLOSED", "KEY ERASED", "ORIGIN"]
        var table = TextTable(withOrigin ? header : Array(header.dropLast()))
        for record in records {
            let cells = cells(record, listSeparator: ", ", empty: "-")
            table.append(withOrigin ? cells : Array(cells.dropLast()))
        }
        return table.render()
    }
}
