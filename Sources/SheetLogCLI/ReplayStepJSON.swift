import SheetLog

/// One element of `sheetlog replay --json`: `{position, version, type, at, event, state}`.
struct ReplayStepJSON: Encodable {
    var position: Int64
    var version: Int64
    var type: String
    var at: String?
    var event: EventPayloadJSON
    var state: SessionStateJSON

    init(_ step: ReplayStep) {
        position = step.event.position
        version = step.event.version
        type = step.event.type
        at = TimeText.iso(step.event.occurredAt)
        event = EventPayloadJSON(step.sheetEvent)
        state = SessionStateJSON(step.state)
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

/// An event's payload, as the log stores it.
struct EventPayloadJSON: Encodable {
    let event: SheetEvent

    init(_ event: SheetEvent) { self.event = event }

    func encode(to encoder: any Encoder) throws {
        switch event.kind {
        case .present(let payload): try payload.encode(to: encoder)
        case .edit(let payload): try payload.encode(to: encoder)
        case .attemptDismiss(let payload): try payload.encode(to: encoder)
        case .confirmDiscard(let payload): try payload.encode(to: encoder)
        case .keepEditing(let payload): try payload.encode(to: encoder)
        case .save(let payload): try payload.encode(to: encoder)
        case .saveFailed(let payload): try payload.encode(to: encoder)
        case .restoreDraft(let payload): try payload.encode(to: encoder)
        case .declineDraft(let payload): try payload.encode(to: encoder)
        case .endSession(let payload): try payload.encode(to: encoder)
        }
    }
}

/// A session's state after a step: its stack, bottom to top, with each sheet's draft and flags.
struct SessionStateJSON: Encodable {
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
