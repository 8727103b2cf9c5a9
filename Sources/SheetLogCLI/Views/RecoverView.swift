import SheetLog
import SheetLogReports

/// What `sheetlog recover` prints: the drafts a relaunch would offer to restore.
enum RecoverView {
    static func human(_ drafts: [RecoverableDraft]) -> String {
        DraftsText.human(drafts)
    }

    static func json(_ drafts: [RecoverableDraft]) throws(SheetLogError) -> String {
        try DraftsReport.json(drafts)
    }
}
