import SheetLog
import SheetLogReports

/// A session's state after a step: its stack, bottom to top, with each sheet's draft and flags.
struct EncodableSessionState: Encodable {
    var session: String
    var version: Int64
    var ended: Bool
    var stack: [Sheet]

    struct Sheet: Encodable {
        var presentation: String
        var route: Route
        var baseline: [String: FieldValue]
        var values: [String: FieldValue]
        var changedFields: [String]
        var dirty: Bool
        var locked: Bool
        var canSave: Bool
        var pendingConfirmation: PendingConfirmation?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(presentation, forKey: .presentation)
            try container.encode(route, forKey: .route)
            try container.encode(baseline, forKey: .baseline)
            try container.encode(values, forKey: .values)
            try container.encode(changedFields, forKey: .changedFields)
            try container.encode(dirty, forKey: .dirty)
            try container.encode(locked, forKey: .locked)
            try container.encode(canSave, forKey: .canSave)
            try container.encode(pendingConfirmation, forKey: .pendingConfirmation)
        }

        private enum CodingKeys: String, CodingKey {
            case presentation, route, baseline, values, changedFields, dirty, locked, canSave, pendingConfirmation
        }
    }

    init(_ state: SessionState) {
        session = state.sessionID
        version = state.version
        ended = state.ended
        stack = state.stack.map { sheet in
            Sheet(
                presentation: sheet.id, route: sheet.route, baseline: sheet.baseline, values: sheet.values,
                changedFields: sheet.changedFields, dirty: sheet.isDirty, locked: sheet.isDismissDisabled, canSave: sheet.canSave,
                pendingConfirmation: sheet.pendingConfirmation)
        }
    }
}
