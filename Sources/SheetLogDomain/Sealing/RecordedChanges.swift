/// What a sealed event records in clear about its values, decided when it is recorded (payload
/// members `changed` and `draftChanged`): enough for a fold to keep dirtiness exact without opening
/// a value (a rebuild, the fleet without the subject's key).
///
/// It reveals, per event, what the read models show in clear after it: which fields differ from
/// the presentation's baseline (`presentations.changed_fields`; an edit tells it of its own field),
/// and for a `save` whether the values saved differ from the draft (`presentations.last_edit_at`).
///
/// ```swift
/// let state = SessionState(sessionID: "s1").applying(present)   // baseline ["amount": "10"]
/// state.recordedChanges(of: .edit(.init(presentation: "p1", field: "amount", value: "12")))  // changed ["amount"]
/// ```
package struct RecordedChanges: Sendable, Hashable {
    /// The fields that differ from the baseline after the event, sorted: a `present`'s or a
    /// `save`'s every one (a save's dropped fields included), an `edit`'s own field or none.
    package var changed: [String]
    /// A `save` only: whether the values saved differ from the draft they replace.
    package var draftChanged: Bool?

    package init(changed: [String], draftChanged: Bool? = nil) {
        self.changed = changed
        self.draftChanged = draftChanged
    }
}

extension SessionState {
    /// The changes `kind` records, decided against this state (the one it is folded into): nil for
    /// an event that writes no value, or about a presentation the state does not hold.
    package func recordedChanges(of kind: SheetEvent.Kind) -> RecordedChanges? {
        switch kind {
        case .present(let payload):
            return RecordedChanges(changed: FieldValue.changedFields(from: payload.baseline, to: payload.values ?? payload.baseline))
        case .edit(let payload):
            guard let presentation = presentations[payload.presentation] else { return nil }
            return RecordedChanges(
                changed: FieldValue.equivalent(presentation.baseline[payload.field], payload.value) ? [] : [payload.field])
        case .save(let payload):
            guard let presentation = presentations[payload.presentation] else { return nil }
            return RecordedChanges(
                changed: FieldValue.changedFields(from: presentation.baseline, to: payload.values),
                draftChanged: presentation.values != payload.values)
        case .attemptDismiss, .confirmDiscard, .keepEditing, .saveFailed, .restoreDraft, .declineDraft, .endSession:
            return nil
        }
    }
}
