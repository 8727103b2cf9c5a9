import SheetLog

/// One element of `sheetlog recover --json`.
package struct RecoverableDraftJSON: Encodable {
    package var session: String
    package var presentation: String
    package var route: Route
    package var values: [String: FieldValue]
    package var baseline: [String: FieldValue]
    package var changedFields: [String]
    package var reason: RecoverableDraft.Reason
    package var lastEditAt: String?

    package init(_ draft: RecoverableDraft) {
        session = draft.session
        presentation = draft.presentation
        route = draft.route
        values = draft.values
        baseline = draft.baseline
        changedFields = draft.changedFields
        reason = draft.reason
        lastEditAt = TimeText.iso(draft.lastEditAt)
    }

    package func encode(to encoder: any Encoder) throws {
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
