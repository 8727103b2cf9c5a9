extension SheetDecider {
    /// Restores a recoverable draft of session `old` as a new presentation in session `new`.
    ///
    /// Returns the events for each session: `restoreDraft` for `old` (its presentation leaves as
    /// `restored`) and `present` for `new`, carrying `restoredFrom`, the old baseline and the
    /// recovered values. The old session may have ended; the new one must accept a `present`.
    /// Append both batches in one transaction. The new presentation id defaults to the old one.
    ///
    /// ```swift
    /// let (oldEvents, newEvents) = try SheetDecider.decideRestore(
    ///     from: draft.reference, old: crashed, new: current, at: now)
    /// ```
    public static func decideRestore(
        from reference: DraftReference, old: SessionState, new: SessionState, newPresentation: String? = nil,
        at occurredAt: Int64, limits: InputLimits = .default
    ) throws(SheetLogError) -> (old: [SheetEvent], new: [SheetEvent]) {
        let oldRules = Rules(command: "restoreDraft", state: old, limits: limits)
        let newRules = Rules(command: "restoreDraft", state: new, limits: limits)
        try newRules.requireWellFormedSession(new.sessionID)
        try oldRules.requireWellFormedSession(old.sessionID, "draft session id")
        try oldRules.requireWellFormedNames(.restoreDraft(from: reference, as: newPresentation))
        if old.sessionID == new.sessionID {
            throw oldRules.violation(
                "the old and the new session are the same; restore with SheetCommand.restoreDraft",
                presentation: reference.presentation, broken: .sameSession)
        }
        let draft = try oldRules.requireRecoverable(reference)
        let newID = newPresentation ?? draft.id
        let present = restoredPresent(draft, reference: reference, as: newID, at: occurredAt)
        try newRules.requirePresentable(present.payload)
        let restore = SheetEvent(
            occurredAt: occurredAt,
            .restoreDraft(.init(presentation: draft.id, intoSession: new.sessionID, newPresentation: newID)))
        return (old: [restore], new: [present.event])
    }

    /// `restoreDraft` then `present`, both in this session: the new presentation needs an unused id.
    static func decideSameSessionRestore(
        _ reference: DraftReference, newPresentation: String?, rules: Rules, at occurredAt: Int64
    ) throws(SheetLogError) -> [SheetEvent] {
        let state = rules.state
        if reference.session != state.sessionID {
            throw rules.violation(
                "draft \(reference) belongs to another session; restore it with decideRestore(from:old:new:)",
                presentation: reference.presentation, broken: .draftInAnotherSession)
        }
        try rules.requireNotEnded()
        let draft = try rules.requireRecoverable(reference)
        let newID = newPresentation ?? draft.id
        let restore = SheetEvent(
            occurredAt: occurredAt,
            .restoreDraft(.init(presentation: draft.id, intoSession: state.sessionID, newPresentation: newID)))
        let present = restoredPresent(draft, reference: reference, as: newID, at: occurredAt)
        try Rules(command: "restoreDraft", state: state.applying(restore), limits: rules.limits).requirePresentable(present.payload)
        return [restore, present.event]
    }

    /// `declineDraft` of a recoverable draft, decided in the draft's own session (ended or not).
    static func decideDecline(_ reference: DraftReference, rules: Rules, at occurredAt: Int64) throws(SheetLogError) -> [SheetEvent] {
        let draft = try rules.requireRecoverable(reference)
        return [SheetEvent(occurredAt: occurredAt, .declineDraft(.init(presentation: draft.id)))]
    }

    private static func restoredPresent(
        _ draft: Presentation, reference: DraftReference, as newID: String, at occurredAt: Int64
    ) -> (payload: SheetEvent.Present, event: SheetEvent) {
        let payload = SheetEvent.Present(
            presentation: newID, route: draft.route, baseline: draft.baseline, values: draft.values,
            required: draft.required, dismissGuard: draft.dismissGuard, restoredFrom: reference)
        return (payload, SheetEvent(occurredAt: occurredAt, .present(payload)))
    }
}
