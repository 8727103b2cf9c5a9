import SheetLogDomain

/// The cells (``SealedCell`` texts) of one presentation's sealed `baseline` and draft, by field:
/// the events' own sealed bytes, which the rows copy.
///
/// Folded beside ``SessionState/apply(_:)`` and from the same events, so that it holds a cell for
/// every value the presentation's `baseline` and `values` hold: a `present` sets both (the draft
/// takes the baseline's cells when the event has no `values`), an `edit` one draft field, a `save`
/// the whole draft.
package struct PresentationCells: Sendable, Hashable {
    package var baseline: [String: String] = [:]
    package var values: [String: String] = [:]

    package init(baseline: [String: String] = [:], values: [String: String] = [:]) {
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
                SealedCell.event(version: seals.version, member: "value", sealed: $0.sealed, eventID: seals.eventID).text
            }
        case .save:
            values = seals.cells(of: "values")
        case .attemptDismiss, .confirmDiscard, .keepEditing, .saveFailed, .restoreDraft, .declineDraft, .endSession:
            break
        }
    }
}
