extension CommandEnvelope {
    /// The command that appended `first` (its first event), rebuilt from the payload and the
    /// metadata's `command`; the event's type stands in when the metadata names none.
    init(exporting first: RecordedEvent) throws {
        let event = try SheetEventCodec.decode(first)
        let name = EventMetadata.command(of: first) ?? first.type
        let command: SheetCommand
        var session = first.stream
        switch (name, event.kind) {
        case let ("present", .present(p)):
            command = .present(presentation: p.presentation, route: p.route, baseline: p.baseline, required: p.required, guard: p.dismissGuard)
        case let ("edit", .edit(p)):
            command = .edit(field: p.field, value: p.value, presentation: p.presentation)
        case let ("attemptDismiss", .attemptDismiss(p)):
            command = .attemptDismiss(source: p.source, presentation: p.presentation)
        case let ("dismissAll", .attemptDismiss(p)):
            command = .dismissAll(source: p.source)
        case let ("confirmDiscard", .confirmDiscard(p)):
            command = .confirmDiscard(presentation: p.presentation)
        case let ("keepEditing", .keepEditing(p)):
            command = .keepEditing(presentation: p.presentation)
        case let ("save", .save(p)):
            command = .save(values: p.values, presentation: p.presentation)
        case let ("saveFailed", .saveFailed(p)):
            command = .saveFailed(reason: p.reason, presentation: p.presentation)
        case let ("restoreDraft", .restoreDraft(p)):
            command = .restoreDraft(from: DraftReference(session: first.stream, presentation: p.presentation), as: p.newPresentation)
            session = p.intoSession
        case let ("declineDraft", .declineDraft(p)):
            command = .declineDraft(from: DraftReference(session: first.stream, presentation: p.presentation))
        case ("endSession", .endSession):
            command = .endSession
        default:
            throw SheetLogError(
                .undecodableEvent,
                "event \(first.eventID) at position \(first.position) of type \(first.type) was not appended by a \(name) command",
                context: .init(stream: first.stream, position: first.position, eventID: first.eventID, eventType: first.type,
                               operation: "exportCommands"))
        }
        self.init(session: session, command: command, id: first.eventID, occurredAt: first.occurredAt)
    }
}
