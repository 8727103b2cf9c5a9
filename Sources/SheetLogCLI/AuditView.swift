import SheetLog

/// What `sheetlog audit` prints: one row per dismissal attempt, as a table, JSON or CSV.
enum AuditView {
    static let columns = ["position", "session", "presentation", "route", "source", "outcome", "dirty", "changedFields", "resolution", "at"]

    static func human(_ records: [DismissalRecord]) -> String {
        if records.isEmpty { return "no dismissals match\n" }
        var table = TextTable(columns.map { $0 == "changedFields" ? "CHANGED" : $0.uppercased() })
        for record in records { table.append(cells(record, listSeparator: ", ")) }
        return table.render()
    }

    static func json(_ records: [DismissalRecord]) throws(SheetLogError) -> String {
        try JSONOutput.pretty(records.map(AuditRecordJSON.init))
    }

    static func csv(_ records: [DismissalRecord]) -> String {
        CSVWriter.render(header: columns, rows: records.map { cells($0, listSeparator: ";", empty: "") })
    }

    private static func cells(_ record: DismissalRecord, listSeparator: String, empty: String = "-") -> [String] {
        [
            String(record.position), record.session, record.presentation, record.route, record.source.rawValue,
            record.outcome.rawValue, record.dirty ? "yes" : "no",
            record.changedFields.isEmpty ? empty : record.changedFields.joined(separator: listSeparator),
            record.resolution?.rawValue ?? empty, TimeText.iso(record.occurredAt) ?? empty,
        ]
    }
}

/// One element of `sheetlog audit --json`.
struct AuditRecordJSON: Encodable {
    var position: Int64
    var session: String
    var presentation: String
    var route: String
    var source: DismissSource
    var outcome: DismissOutcome
    var dirty: Bool
    var changedFields: [String]
    var resolution: DismissalRecord.Resolution?
    var at: String?

    init(_ record: DismissalRecord) {
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
    func encode(to encoder: any Encoder) throws {
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
