import SheetLog

/// A session's state after a step: its stack, bottom to top, with each sheet's draft and flags.
package struct SessionStateJSON: Encodable {
    package var session: String
    package var version: Int64
    package var ended: Bool
    package var stack: [Sheet]

    package struct Sheet: Encodable {
        package var presentation: String
        package var route: Route
        package var baseline: [String: FieldValue]
        package var values: [String: FieldValue]
        package var changedFields: [String]
        package var dirty: Bool
        package var locked: Bool
        package var canSave: Bool
        package var pendingConfirmation: PendingConfirmation?

        package func encode(to encoder: any Encoder) throws {
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

    package init(_ state: SessionState) {
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
