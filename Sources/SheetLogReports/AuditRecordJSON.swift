import SheetLog

/// One element of `sheetlog audit --json`.
package struct AuditRecordJSON: Encodable {
    package var position: Int64
    package var session: String
    package var presentation: String
    package var route: String
    package var source: DismissSource
    package var outcome: DismissOutcome
    package var dirty: Bool
    package var changedFields: [String]
    package var resolution: DismissalRecord.Resolution?
    package var at: String?

    package init(_ record: DismissalRecord) {
        position = record.position
        session = record.session
        presentation = record.presentation
        route = record.route
        source = record.source
        outcome = record.outcome
        dirty = record.dirty
        changedFields = record.changedFields
        resolution = record.resolution
        at = TimeText.iso(record.occurredAt)
    }

    // Written out so that an unanswered dismissal shows `"resolution": null` rather than no key.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(position, forKey: .position)
        try container.encode(session, forKey: .session)
        try container.encode(presentation, forKey: .presentation)
        try container.encode(route, forKey: .route)
        try container.encode(source, forKey: .source)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(dirty, forKey: .dirty)
        try container.encode(changedFields, forKey: .changedFields)
        try container.encode(resolution, forKey: .resolution)
        try container.encode(at, forKey: .at)
    }

    private enum CodingKeys: String, CodingKey {
        case position, session, presentation, route, source, outcome, dirty, changedFields, resolution, at
    }
}
