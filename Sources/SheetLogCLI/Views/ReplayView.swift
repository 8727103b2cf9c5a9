import SheetLog
import SheetLogReports

/// What `sheetlog replay` prints: each event, then the stack and form values after it.
enum ReplayView {
    static func human(_ steps: [ReplayStep]) -> String {
        ReplayText.human(steps)
    }

    static func json(_ steps: [ReplayStep]) throws(SheetLogError) -> String {
        try ReplayReport.json(steps)
    }
}
