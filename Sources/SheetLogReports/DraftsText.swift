import SheetLog

/// The table of `sheetlog recover` (and of each device in `sheetlog-server recover`): the drafts a
/// relaunch would offer to restore.
package enum DraftsText {
    package static func human(_ drafts: [RecoverableDraft]) -> String {
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
}
