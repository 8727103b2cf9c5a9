import SheetLog
import SheetLogReports

/// What `sheetlog audit` prints: one row per dismissal attempt, as a table, JSON or CSV.
enum AuditView {
    static func human(_ records: [DismissalRecord]) -> String {
        AuditReport.human(records)
    }

    static func json(_ records: [DismissalRecord]) throws(SheetLogError) -> String {
        try AuditReport.json(records)
    }

    static func csv(_ records: [DismissalRecord]) -> String {
        AuditReport.csv(records)
    }
}
