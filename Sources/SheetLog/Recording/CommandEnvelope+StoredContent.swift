extension CommandEnvelope {
    /// Checks that the events stored under the command's id are what this command records:
    /// the same command type, and every field the command gives equal to the stored payload.
    ///
    /// Throws ``SheetLogError/Code/idempotencyConflict`` naming the first differing field (never its value).
    /// In an erased subject's session the stored values read as `[erased]` and match whatever value
    /// the resend gives: a retry of a command stored before the erasure is still answered as stored
    /// (`export | ingest` given twice, an app's retry), and its values can be compared no more.
    func requireSameContent(as stored: [RecordedEvent], id: String, keys: any SubjectKeys) throws {
        guard let first = stored.first else { return }
        let valuesErased: Bool
        if let subject = SheetEventCodec.subject(schemaVersion: first.schemaVersion, payload: first.payload),
           case .erased = try keys.key(for: subject) {
            valuesErased = true
        } else {
            valuesErased = false
        }
        if let field = try firstDifference(from: first, keys: keys, values: ValueComparison(valuesErased: valuesErased)) {
            throw SheetLogError(
                .idempotencyConflict,
                "command id \(id) is already stored with different content (\(field)) at position \(first.position) in session \(first.stream)",
                context: .init(stream: first.stream, position: first.position, eventID: id, eventType: first.type,
                               presentation: first.presentation(), field: field, operation: command.name))
        }
    }

    /// The name of the first field that differs from the stored first event, nil when none does.
    private func firstDifference(from first: RecordedEvent, keys: any SubjectKeys, values: ValueComparison) throws -> String? {
        guard EventMetadata.command(of: first) == command.name else { return "command" }
        if let occurredAt, first.occurredAt != occurredAt { return "occurredAt" }
        if let subject, first.stream == session,
           let stored = SheetEventCodec.subject(schemaVersion: first.schemaVersion, payload: first.payload), stored != subject {
            return "subject"
        }
        let event = try SheetEventCodec.decode(first, keys: keys)
        if let expectedOutcome, case .attemptDismiss(let payload) = event.kind, payload.outcome != expectedOutcome { return "outcome" }
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
            return Self.firstDifference(command, event.kind, values: values)
        }
    }

    /// Field by field, for the commands whose first event lands in their own session; "command" when
    /// the stored event is not of the type the command appends first.
    private static func firstDifference(_ command: SheetCommand, _ kind: SheetEvent.Kind, values compare: ValueComparison) -> String? {
        switch command {
        case let .present(presentation, route, baseline, required, dismissGuard):
            guard case .present(let payload) = kind else { return "command" }
            if presentation != payload.presentation { return "presentation" }
            if route != payload.route { return "route" }
            if !compare.same(baseline, payload.baseline) { return "baseline" }
            if required != payload.required { return "required" }
            if dismissGuard != payload.dismissGuard { return "guard" }
            if payload.values != nil || payload.restoredFrom != nil { return "restoredFrom" }
            return nil
        case let .edit(field, value, presentation):
            guard case .edit(let payload) = kind else { return "command" }
            if let presentation, presentation != payload.presentation { return "presentation" }
            if field != payload.field { return "field" }
            if !compare.same(value, payload.value) { return "value" }
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
            if let values, !compare.same(values, payload.values) { return "values" }
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

/// How a resent value is compared with the stored one: equal, or anything at all when the stored
/// values were erased (they read as `[erased]`, whatever they were).
private struct ValueComparison {
    let valuesErased: Bool

    func same(_ resent: FieldValue, _ stored: FieldValue) -> Bool {
        resent == stored || (valuesErased && stored == .erased)
    }

    /// The same fields (erasure keeps the names), each value the same.
    func same(_ resent: [String: FieldValue], _ stored: [String: FieldValue]) -> Bool {
        resent.count == stored.count && resent.allSatisfy { name, value in stored[name].map { same(value, $0) } ?? false }
    }
}

extension RecordedEvent {
    /// The presentation a stored sheet event is about, when it can be decoded.
    func presentation() -> String? {
        (try? SheetEventCodec.decode(self))?.presentation
    }
}
