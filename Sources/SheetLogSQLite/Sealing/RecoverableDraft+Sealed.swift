import SheetLogCore
import SheetLogDomain

extension RecoverableDraft {
    /// The draft with its baseline and values opened: each cell (``SealedCell``) opens at the place
    /// it names, in its row's session and field.
    /// Throws ``SheetLogError/Code/integrityViolation`` for a value that does not open there.
    func opened(with key: DataKey) throws -> RecoverableDraft {
        var draft = self
        draft.values = try open(values, column: "draft_values", with: key)
        draft.baseline = try open(baseline, column: "baseline", with: key)
        return draft
    }

    /// The draft as a reader without the master key sees it: every value withheld, the fields,
    /// route and changed fields as stored.
    func withheld() -> RecoverableDraft {
        var draft = self
        draft.values = values.mapValues { _ in .withheld }
        draft.baseline = baseline.mapValues { _ in .withheld }
        return draft
    }

    private func open(_ sealed: [String: FieldValue], column: String, with key: DataKey) throws -> [String: FieldValue] {
        var opened: [String: FieldValue] = [:]
        for (field, value) in sealed {
            let legacy = SealPosition.projection(column: column, session: session, presentation: presentation, field: field)
            guard case .string(let text) = value,
                  let plain = SealedCell.open(
                    text, session: session, presentation: presentation, field: field, inBaseline: column == "baseline", legacy: legacy, with: key)
            else {
                throw SheetLogError(
                    .integrityViolation,
                    "the sealed value of field \(field) in column \(column) of presentation \(presentation) in session \(session) does not open there: it was altered or moved",
                    context: .init(stream: session, presentation: presentation, field: field, operation: "read recoverable_drafts"))
            }
            opened[field] = plain
        }
        return opened
    }
}
