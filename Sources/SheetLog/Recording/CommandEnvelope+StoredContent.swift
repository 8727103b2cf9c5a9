extension CommandEnvelope {
    /// Checks that the events stored under the command's id are what this command records:
    /// the same command type, and every field the command gives equal to the stored payload.
    ///
    /// Throws ``SheetLogError/Code/idempotencyConflict`` naming the first differing field (never its value).
    /// A resend into an erased subject's session throws ``SheetLogError/Code/subjectErased``, as a new
    /// command there does: the stored values read as `[erased]` and cannot be compared any more.
    func requireSameContent(as stored: [RecordedEvent], id: String, keys: any SubjectKeys) throws {
        guard let first = stored.first else { return }
        if let subject = SheetEventCodec.subject(schemaVersion: first.schemaVersion, payload: first.payload),
           case .erased = try keys.key(for: subject) {
            throw SheetLogError(
                .subjectErased,
                "subject \(subject) was erased: its sessions take no more commands (command id \(id) was recorded before, at position \(first.position) in session \(first.stream), and its values are gone)",
                context: .init(stream: first.stream, position: first.position, eventID: id, eventType: first.type, operation: command.name))
        }
        if let field = try firstDifference(from: first, keys: keys) {
            throw SheetLogError(
                .idempotencyConflict,
                "command id \(id) is already stored with different content (\(field)) at position \(first.position) in session \(first.stream)",
                context: .init(stream: first.stream, position: first.position, eventID: id, eventType: first.type,
                               presentation: first.presentation(), field: field, operation: command.name))
        }
    }

    /// The name of the first field that differs from the stored first event, nil when none does.
    private func firstDifference(from first: RecordedEvent, keys: any SubjectKeys) throws -> String? {
        guard EventMetadata.command(of: first) == command.name else { return "command" }
        if let occurredAt, first.occurredAt != occurredAt { return "occurredAt" }
        if let subject, first.stream == session,
           let stored = SheetEventCodec.subject(schemaVersion: first.schemaVersion, payload: first.payload), stored != subject {
            return "subject"
        }
        let event = try SheetEventCodec.decode(first, keys: keys)
        switch command {
        case let .restoreDraft(draft, newPresentation):
            guard case .restoreDraft(let payload) = event.kind else { return "command" }
            if first.stream != draft.session || payload.presentation != draft.presentation { return "from" }
            if payload.intoSession != session { return "session" }
            if let newPresentation, newPresentation != payload.newPresentation { return "as" }
            return nil
        case .declineDraft(let draft):
            guard case .declineDraft(let payload) = event.kind else { return "command" }
            if first.stream != draft.session || payload.presentation != draft.presentation { return "from" }
            return nil
        case .present, .edit, .attemptDismiss, .dismissAll, .confirmDiscard, .keepEditing, .save, .saveFailed, .endSession:
            if first.stream != session { return "session" }
            return Self.firstDifference(command, event.kind)
        }
    }

    /// Field by field, for the commands whose first event lands in their own session; "command" when
    /// the stored event is not of the type the command appends first.
    private static func firstDifference(_ command: SheetCommand, _ kind: SheetEvent.Kind) -> String? {
        switch command {
        case let .present(presentation, route, baseline, required, dismissGuard):
            guard case .present(let payload) = kind else { return "command" }
            if presentation != payload.presentation { return "presentation" }
            if route != payload.route { return "route" }
            if baseline != payload.baseline { return "baseline" }
            if required != payload.required { return "required" }
            if dismissGuard != payload.dismissGuard { return "guard" }
            if payload.values != nil || payload.restoredFrom != nil { return "restoredFrom" }
            return nil
        case let .edit(field, value, presentation):
            guard case .edit(let payload) = kind else { return "command" }
            if let presentation, presentation != payload.presentation { return "presentation" }
            if field != payload.field { return "field" }
            if value != payload.value { return "value" }
            return nil
        case let .attemptDismiss(source, presentation):
            guard case .attemptDismiss(let payload) = kind else { return "command" }
            if let presentation, presentation != payload.presentation { return "presentation" }
            return source == payload.source ? nil : "source"
        case let .dismissAll(source):
            guard case .attemptDismiss(let payload) = kind else { return "command" }
            return source == payload.source ? nil : "source"
        case let .confirmDiscard(presentation):
            guard case .confirmDiscard(let payload) = kind else { return "command" }
            return presentation.map { $0 == payload.presentation ? nil : "presentation" } ?? nil
        case let .keepEditing(presentation):
            guard case .keepEditing(let payload) = kind else { return "command" }
            return presentation.map { $0 == payload.presentation ? nil : "presentation" } ?? nil
        case let .save(values, presentation):
            guard case .save(let payload) = kind else { return "command" }
            if let presentation, presentation != payload.presentation { return "presentation" }
            if let values, values != payload.values { return "values" }
            return nil
        case let .saveFailed(reason, presentation):
            guard case .saveFailed(let payload) = kind else { return "command" }
            if let presentation, presentation != payload.presentation { return "presentation" }
            return reason == payload.reason ? nil : "reason"
        case .endSession:
            guard case .endSession = kind else { return "command" }
            return nil
        case .restoreDraft, .declineDraft:
            // Compared by the caller: their first event lands in the draft's session.
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
