import SheetLog

/// One element of `sheetlog replay --json`: `{position, version, type, at, event, state}`.
package struct ReplayStepJSON: Encodable {
    package var position: Int64
    package var version: Int64
    package var type: String
    package var at: String?
    package var event: EventPayloadJSON
    package var state: SessionStateJSON

    package init(_ step: ReplayStep) {
        position = step.event.position
        version = step.event.version
        type = step.event.type
        at = TimeText.iso(step.event.occurredAt)
        event = EventPayloadJSON(step.sheetEvent)
        state = SessionStateJSON(step.state)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(position, forKey: .position)
        try container.encode(version, forKey: .version)
        try container.encode(type, forKey: .type)
        try container.encode(at, forKey: .at)
        try container.encode(event, forKey: .event)
        try container.encode(state, forKey: .state)
    }

    private enum CodingKeys: String, CodingKey { case position, version, type, at, event, state }
}
