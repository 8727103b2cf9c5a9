extension CommandEnvelope {
    /// Checks that the events stored under the command's id are what this command records:
    /// the same command type, and every field the command gives equal to the stored payload.
    ///
    /// Throws ``SheetLogError/Code/idempotencyConflict`` naming the first differing field (never its value).
    func requireSameContent(as stored: [RecordedEvent], id: String) throws {
        guard let first = stored.first else { return }
        if let field = try firstDifference(from: first) {
            throw SheetLogError(
                .idempotencyConflict,
                "command id \(id) is already stored with different content (\(field)) at position \(first.position) in session \(first.stream)",
                context: .init(stream: first.stream, position: first.position, eventID: id, eventType: first.type,
                               presentation: first.presentation(), field: field, operation: command.name))
        }
    }

    /// The name of the first field that differs from the stored first event, nil when none does.
    private func firstDifference(from first: RecordedEvent) throws -> String? {
        guard EventMetadata.command(of: first) == command.name else { return "command" }
        if let occurredAt, first.occurredAt != occurredAt { return "occurredAt" }
        let event = try SheetEventCodec.decode(first)
        switch (command, event.kind) {
        case let (.restoreDraft(draft, newPresentation), .restoreDraft(payload)):
            if first.stream != draft.session || payload.presentation != draft.presentation { return "from" }
            if payload.intoSession != session { return "session" }
            if let newPresentation, newPresentation != payload.newPresentation { return "as" }
            return nil
        case let (.declineDraft(draft), .declineDraft(payload)):
            if first.stream != draft.session || payload.presentation != draft.presentation { return "from" }
            return nil
        default:
            if first.stream != session { return "session" }
            return Self.firstDifference(command, event.kind)
        }
    }

    /// Field by field, for the commands whose first event lands in their own session.
    private static func firstDifference(_ command: SheetCommand, _ kind: SheetEvent.Kind) -> String? {
        switch (command, kind) {
        case let (.present(presentation, route, baseline, required, dismissGuard), .present(payload)):
            if presentation != payload.presentation { return "presentation" }
            if route != payload.route { return "route" }
            if baseline != payload.baseline { return "baseline" }
            if required != payload.required { return "required" }
            if dismissGuard != payload.dismissGuard { return "guard" }
            if payload.values != nil || payload.restoredFrom != nil { return "restoredFrom" }
            return nil
        case let (.edit(field, value, presentation), .edit(payload)):
            if let presentation, presentation != payload.presentation { return "presentation" }
            if field != payload.field { return "field" }
            if value != payload.value { return "value" }
            return nil
        case let (.attemptDismiss(source, presentation), .attemptDismiss(payload)):
            if let presentation, presentation != payload.presentation { return "presentation" }
            return source == payload.source ? nil : "source"
        case let (.dismissAll(source), .attemptDismiss(payload)):
            return source == payload.source ? nil : "source"
        case let (.confirmDiscard(presentation), .confirmDiscard(payload)):
            return presentation.map { $0 == payload.presentation ? nil : "presentation" } ?? nil
        case let (.keepEditing(presentation), .keepEditing(payload)):
            return presentation.map { $0 == payload.presentation ? nil : "presentation" } ?? nil
        case let (.save(values, presentation), .save(payload)):
            if let presentation, presentation != payload.presentation { return "presentation" }
            if let values, values != payload.values { return "values" }
            return nil
        case let (.saveFailed(reason, presentation), .saveFailed(payload)):
            if let presentation, presentation != payload.presentation { return "presentation" }
            return reason == payload.reason ? nil : "reason"
        case (.endSession, .endSession):
            return nil
        default:
            return "command"
        }
    }
}

extension RecordedEvent {
    /// The presentation a stored sheet event is about, when it can be decoded.
    func presentation() -> String? {
        (try? SheetEventCodec.decode(self))?.presentation
    }
}
