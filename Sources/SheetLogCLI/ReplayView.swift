import SheetLog

/// What `sheetlog replay` prints: each event, then the stack and form values after it.
///
/// Ids, names and the save-failure reason go through ``name(_:)``: a log may hold control
/// characters in them (written before they were refused), and printed raw they would run.
enum ReplayView {
    private static func name(_ text: String) -> String { FieldValueText.name(text) }

    static func human(_ steps: [ReplayStep]) -> String {
        var output = ""
        for step in steps {
            output += "v\(step.event.version)  @\(step.event.position)  \(TimeText.describe(step.event.occurredAt))  \(describe(step.sheetEvent))\n"
            output += "    stack: \(stackLine(step.state))\n"
            for sheet in step.state.stack {
                output += "    \(name(sheet.id)): \(FieldValueText.describe(sheet.values))\n"
            }
        }
        return output
    }

    static func json(_ steps: [ReplayStep]) throws(SheetLogError) -> String {
        try JSONOutput.pretty(steps.map(ReplayStepJSON.init))
    }

    /// The sheets bottom to top, each with its dirty, locked and pending-confirmation marks.
    static func stackLine(_ state: SessionState) -> String {
        if state.stack.isEmpty { return state.ended ? "(empty, session ended)" : "(empty)" }
        return state.stack.map { sheet in
            var marks: [String] = []
            if sheet.isDirty { marks.append("dirty") }
            if sheet.isDismissDisabled { marks.append("locked") }
            if let confirmation = sheet.pendingConfirmation {
                marks.append(confirmation.offersSave ? "confirmation pending, offers Save" : "confirmation pending")
            }
            return marks.isEmpty ? name(sheet.id) : "\(name(sheet.id)) [\(marks.joined(separator: ", "))]"
        }.joined(separator: " > ")
    }

    /// One line saying what the event did; form values are in the lines after it.
    static func describe(_ event: SheetEvent) -> String {
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
