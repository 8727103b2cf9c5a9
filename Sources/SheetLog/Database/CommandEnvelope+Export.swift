extension CommandEnvelope {
    /// The command that appended `first` (its first event), rebuilt from the payload and the
    /// metadata's `command`; the event's type stands in when the metadata names none.
    init(exporting first: RecordedEvent, keys: any SubjectKeys) throws {
        var event = try SheetEventCodec.decode(first, keys: keys)
        event.kind = event.kind.mappingValues(\.exported)
        let name = EventMetadata.command(of: first) ?? first.type
        guard let type = SheetCommandType(rawValue: name), let command = Self.command(type, appending: event.kind, in: first.stream)
        else {
            throw SheetLogError(
                .undecodableEvent,
                "event \(first.eventID) at position \(first.position) of type \(first.type) was not appended by a \(name) command",
                context: .init(stream: first.stream, position: first.position, eventID: first.eventID, eventType: first.type,
                               operation: "exportCommands"))
        }
        var session = first.stream
        if case .restoreDraft(let payload) = event.kind { session = payload.intoSession }
        // The subject goes with the session's first command, as it was given.
        let subject = first.version == 1 ? SheetEventCodec.subject(schemaVersion: first.schemaVersion, payload: first.payload) : nil
        self.init(session: session, command: command, id: first.eventID, occurredAt: first.occurredAt, subject: subject)
    }

    /// The command of `type` whose first event is `kind`, stored in `stream`; nil when a command of
    /// that type does not begin with such an event.
    private static func command(_ type: SheetCommandType, appending kind: SheetEvent.Kind, in stream: String) -> SheetCommand? {
        switch (type, kind) {
        case let (.present, .present(p)):
            return .present(presentation: p.presentation, route: p.route, baseline: p.baseline, required: p.required, guard: p.dismissGuard)
        case let (.edit, .edit(p)):
            return .edit(field: p.field, value: p.value, presentation: p.presentation)
        case let (.attemptDismiss, .attemptDismiss(p)):
            return .attemptDismiss(source: p.source, presentation: p.presentation)
        case let (.dismissAll, .attemptDismiss(p)):
            return .dismissAll(source: p.source)
        case let (.confirmDiscard, .confirmDiscard(p)):
            return .confirmDiscard(presentation: p.presentation)
        case let (.keepEditing, .keepEditing(p)):
            return .keepEditing(presentation: p.presentation)
        case let (.save, .save(p)):
            return .save(values: p.values, presentation: p.presentation)
        case let (.saveFailed, .saveFailed(p)):
            return .saveFailed(reason: p.reason, presentation: p.presentation)
        case let (.restoreDraft, .restoreDraft(p)):
            return .restoreDraft(from: DraftReference(session: stream, presentation: p.presentation), as: p.newPresentation)
        case let (.declineDraft, .declineDraft(p)):
            return .declineDraft(from: DraftReference(session: stream, presentation: p.presentation))
        case (.endSession, .endSession):
            return .endSession
        case (.present, _), (.edit, _), (.attemptDismiss, _), (.dismissAll, _), (.confirmDiscard, _), (.keepEditing, _),
             (.save, _), (.saveFailed, _), (.restoreDraft, _), (.declineDraft, _), (.endSession, _):
            return nil
        }
    }
}
