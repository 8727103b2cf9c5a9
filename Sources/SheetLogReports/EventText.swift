import SheetLog

/// One line saying what an event did, as `sheetlog replay` prints it and the viewer heads a step
/// with it; ids and names are escaped (see ``FieldValueText/name(_:)``), form values left out.
package enum EventText {
    private static func name(_ text: String) -> String { FieldValueText.name(text) }

    /// One line saying what the event did; form values are in the lines after it.
    package static func describe(_ event: SheetEvent) -> String {
        switch event.kind {
        case .present(let p):
            var details = ["route \(name(p.route.name))"]
            if p.route.group != p.route.name { details.append("group \(name(p.route.group))") }
            if !p.route.params.isEmpty {
                details.append(p.route.params.keys.sorted().map { "\(name($0))=\(name(p.route.params[$0]!))" }.joined(separator: " "))
            }
            details.append("guard \(p.dismissGuard.rawValue)")
            if !p.required.isEmpty { details.append("required \(FieldValueText.list(p.required))") }
            if let from = p.restoredFrom { details.append("restored from \(name(from.description))") }
            return "present \(name(p.presentation)) (\(details.joined(separator: "; ")))"
        case .edit(let p):
            return "edit \(name(p.presentation)).\(name(p.field))"
        case .attemptDismiss(let p):
            var text = "attemptDismiss \(name(p.presentation)) by \(p.source.rawValue) -> \(p.outcome.rawValue)"
            if p.dirty { text += " (changed: \(FieldValueText.list(p.changedFields)))" }
            if p.confirmation { text += p.offersSave == true ? ", asks Save/Discard/Keep Editing" : ", asks Discard/Keep Editing" }
            return text
        case .confirmDiscard(let p):
            return "confirmDiscard \(name(p.presentation)) (discarded: \(FieldValueText.list(p.discardedFields)))"
        case .keepEditing(let p):
            return "keepEditing \(name(p.presentation))"
        case .save(let p):
            return "save \(name(p.presentation))"
        case .saveFailed(let p):
            return "saveFailed \(name(p.presentation)): \(name(p.reason))"
        case .restoreDraft(let p):
            return "restoreDraft \(name(p.presentation)) into \(name(p.intoSession)) as \(name(p.newPresentation))"
        case .declineDraft(let p):
            return "declineDraft \(name(p.presentation))"
        case .endSession:
            return "endSession"
        }
    }
}
