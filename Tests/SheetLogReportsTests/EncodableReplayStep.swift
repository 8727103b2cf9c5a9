// The reference model of `sheetlog replay --json`: the Encodable types it was printed from before
// ReplayReport wrote bytes itself. JSONOutput.pretty over them is what the report must equal.
import SheetLog
import SheetLogReports

/// One element of `sheetlog replay --json`: `{position, version, type, at, event, state}`.
struct EncodableReplayStep: Encodable {
    var position: Int64
    var version: Int64
    var type: String
    var at: String?
    var event: EncodablePayload
    var state: EncodableSessionState

    init(_ step: ReplayStep) {
        position = step.event.position
        version = step.event.version
        type = step.event.type
        at = TimeText.iso(step.event.occurredAt)
        event = EncodablePayload(step.sheetEvent)
        state = EncodableSessionState(step.state)
    }

    func encode(to encoder: any Encoder) throws {
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
