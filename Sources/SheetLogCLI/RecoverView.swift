import SheetLog

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
        try JSONOutput.pretty(drafts.map(RecoverableDraftJSON.init))
    }
}

/// One element of `sheetlog recover --json`.
struct RecoverableDraftJSON: Encodable {
    var session: String
    var presentation: String
    var route: Route
    var values: [String: FieldValue]
    var baseline: [String: FieldValue]
    var changedFields: [String]
    var reason: RecoverableDraft.Reason
    var lastEditAt: String?

    init(_ draft: RecoverableDraft) {
        session = draft.session
        presentation = draft.presentation
        route = draft.route
        values = draft.values
        baseline = draft.baseline
        changedFields = draft.changedFields
        reason = draft.reason
        lastEditAt = TimeText.iso(draft.lastEditAt)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(session, forKey: .session)
        try container.encode(presentation, forKey: .presentation)
        try container.encode(route, forKey: .route)
        try container.encode(values, forKey: .values)
        try container.encode(baseline, forKey: .baseline)
        try container.encode(changedFields, forKey: .changedFields)
        try container.encode(reason, forKey: .reason)
        try container.encode(lastEditAt, forKey: .lastEditAt)
    }

    private enum CodingKeys: String, CodingKey { case session, presentation, route, values, baseline, changedFields, reason, lastEditAt }
}
