import SheetLogDomain

/// The cells (``SealedCell``) of one presentation's sealed `baseline` and draft, by field: the
/// events' own sealed bytes, which the rows copy (their text is made only when a row is written:
/// a rebuild folds many edits of a field for the one cell it writes).
///
/// Folded beside ``SessionState/apply(_:)`` and from the same events, so that it holds a cell for
/// every value the presentation's `baseline` and `values` hold: a `present` sets both (the draft
/// takes the baseline's cells when the event has no `values`), an `edit` one draft field, a `save`
/// the whole draft.
package struct PresentationCells: Sendable, Hashable {
    package var baseline: [String: SealedCell] = [:]
    package var values: [String: SealedCell] = [:]

    package init(baseline: [String: SealedCell] = [:], values: [String: SealedCell] = [:]) {
        self.baseline = baseline
        self.values = values
    }

    mutating func fold(_ kind: SheetEvent.Kind, _ seals: EventSeals) {
        switch kind {
        case .present(let payload):
            baseline = seals.cells(of: "baseline")
            values = payload.values == nil ? baseline : seals.cells(of: "values")
        case .edit(let payload):
            values[payload.field] = seals.seals.first { $0.member == "value" }.map {
                .event(version: seals.version, member: "value", sealed: $0.sealed, eventID: seals.eventID)
            }
        case .save:
            values = seals.cells(of: "values")
        case .attemptDismiss, .confirmDiscard, .keepEditing, .saveFailed, .restoreDraft, .declineDraft, .endSession:
            break
        }
    }
}
