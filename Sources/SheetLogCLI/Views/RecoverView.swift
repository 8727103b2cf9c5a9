import SheetLog
import SheetLogReports

/// What `sheetlog recover` prints: the drafts a relaunch would offer to restore.
enum RecoverView {
    static func human(_ drafts: [RecoverableDraft]) -> String {
        if drafts.isEmpty { return "no recoverable drafts\n" }
        var table = TextTable(["SESSION", "PRESENTATION", "ROUTE", "REASON", "CHANGED", "LAST EDIT", "VALUES"])
        for draft in drafts {
            table.append([
                draft.session, draft.presentation, draft.route.name, draft.reason.rawValue, FieldValueText.list(draft.changedFields),
                TimeText.describe(draft.lastEditAt), FieldValueText.describe(draft.values),
            ])
        }
        return table.render()
    }

    static func json(_ drafts: [RecoverableDraft]) throws(SheetLogError) -> String {
        try DraftsReport.json(drafts)
    }
}
