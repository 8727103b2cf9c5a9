/// The sheet and form state machine: decides what a command appends, and folds events into state.
///
/// Pure, in the swift-nio state machine style: no I/O, no clock (times come in as `at`),
/// value types only. A rejected command throws ``SheetLogError`` with code
/// ``SheetLogError/Code/ruleViolation`` (or ``SheetLogError/Code/invalidInput`` for a malformed
/// argument) and appends nothing.
///
/// ```swift
/// var state = SessionState(sessionID: "s1")
/// for command: SheetCommand in [
///     .present(presentation: "p1", route: Route(name: "newExpense"), required: ["amount"]),
///     .edit(field: "amount", value: "47.50"),
///     .save(),
/// ] {
///     let events = try SheetDecider.decide(command, state: state, at: 1_000)
///     state = SheetDecider.fold(events, into: state)
/// }
/// ```
public enum SheetDecider {
    /// The events `command` appends to the session in `state`, or a thrown rule violation.
    ///
    /// An edit that changes nothing returns no events (and does not throw). Ids and names must be
    /// free of control and bidi formatting characters and within `limits.maxIdentifierBytes`; a
    /// command that would make a form too large to be saved or restored within
    /// `limits.maxPayloadBytes` throws ``SheetLogError/Code/payloadTooLarge``, so that every event
    /// decided here fits the store.
    public static func decide(
        _ command: SheetCommand, state: SessionState, at occurredAt: Int64, limits: InputLimits = .default
    ) throws(SheetLogError) -> [SheetEvent] {
        let rules = Rules(command: command.name, state: state, limits: limits)
        try rules.requireWellFormedSession(state.sessionID)
        try rules.requireWellFormedNames(command)
        switch command {
        case .restoreDraft(let reference, let newPresentation):
            return try decideSameSessionRestore(reference, newPresentation: newPresentation, rules: rules, at: occurredAt)
        case .declineDraft(let reference):
            return try decideDecline(reference, rules: rules, at: occurredAt)
        case .present, .edit, .attemptDismiss, .dismissAll, .confirmDiscard, .keepEditing, .save, .saveFailed, .endSession:
            try rules.requireNotEnded()
        }
        switch command {
        case let .present(presentation, route, baseline, required, dismissGuard):
            let payload = SheetEvent.Present(
                presentation: presentation, route: route, baseline: baseline, required: required, dismissGuard: dismissGuard)
            try rules.requirePresentable(payload)
            return [SheetEvent(occurredAt: occurredAt, .present(payload))]

        case let .edit(field, value, presentation):
            let top = try rules.requireInteractiveTop(presentation)
            try rules.requireValid(field: field, value: value, presentation: top.id)
            if FieldValue.equivalent(top.values[field], value) { return [] }
            try rules.requireEditFits(field, value, on: top)
            return [SheetEvent(occurredAt: occurredAt, .edit(.init(presentation: top.id, field: field, value: value)))]

        case let .attemptDismiss(source, presentation):
            let top = try rules.requireInteractiveTop(presentation)
            return [SheetEvent(occurredAt: occurredAt, .attemptDismiss(attempt(source, on: top)))]

        case .dismissAll(let source):
            _ = try rules.requireInteractiveTop(nil)
            return dismissAll(source, state: state, at: occurredAt)

        case .confirmDiscard(let presentation):
            let top = try rules.requirePendingConfirmation(presentation)
            let payload = SheetEvent.ConfirmDiscard(presentation: top.id, discardedFields: top.changedFields)
            return [SheetEvent(occurredAt: occurredAt, .confirmDiscard(payload))]

        case .keepEditing(let presentation):
            let top = try rules.requirePendingConfirmation(presentation)
            return [SheetEvent(occurredAt: occurredAt, .keepEditing(.init(presentation: top.id)))]

        case let .save(values, presentation):
            let top = try rules.requireSavableTop(presentation)
            let finalValues = values ?? top.values
            for (field, value) in finalValues { try rules.requireValid(field: field, value: value, presentation: top.id) }
            if let missing = top.firstMissingRequiredField(in: finalValues) {
                throw rules.violation(
                "required field \(missing) of presentation \(top.id) is empty", presentation: top.id, field: missing, broken: .requiredFieldEmpty)
            }
            try rules.requireSaveFits(finalValues, of: top)
            return [SheetEvent(occurredAt: occurredAt, .save(.init(presentation: top.id, values: finalValues)))]

        case let .saveFailed(reason, presentation):
            let top = try rules.requireSavableTop(presentation)
            try rules.requireSaveFailedFits(reason, of: top)
            return [SheetEvent(occurredAt: occurredAt, .saveFailed(.init(presentation: top.id, reason: reason)))]

        case .endSession:
            return [SheetEvent(occurredAt: occurredAt, .endSession(.init()))]

        case .restoreDraft, .declineDraft:
            preconditionFailure("handled above")
        }
    }

    /// The state after `event`; see ``SessionState/apply(_:)``.
    public static func evolve(_ state: SessionState, _ event: SheetEvent) -> SessionState {
        state.applying(event)
    }

    /// The state after every event of `events`, starting from `state`.
    public static func fold(_ events: some Sequence<SheetEvent>, into state: SessionState) -> SessionState {
        state.folding(events)
    }
}
