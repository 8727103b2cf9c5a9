import SheetLog
import SheetLogReports

/// What `sheetlog audit` prints: one row per dismissal attempt, as a table, JSON or CSV.
enum AuditView {
    static func human(_ records: [DismissalRecord]) -> String {
        if records.isEmpty { return "no dismissals match\n" }
        var table = TextTable(AuditReport.columns.map { $0 == "changedFields" ? "CHANGED" : $0.uppercased() })
        for record in records { table.append(AuditReport.cells(record, listSeparator: ", ", empty: "-")) }
        return table.render()
    }

    static func json(_ records: [DismissalRecord]) throws(SheetLogError) -> String {
        try AuditReport.json(records)
    }

    static func csv(_ records: [DismissalRecord]) -> String {
        AuditReport.csv(records)
    }
}
