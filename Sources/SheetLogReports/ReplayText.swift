import SheetLog

/// The timeline of `sheetlog replay` (and of `sheetlog-server replay`): each event, then the stack and
/// form values after it.
///
/// Ids, names and the save-failure reason go through ``FieldValueText/name(_:)``: a log may hold control
/// characters in them (written before they were refused), and printed raw they would run.
package enum ReplayText {
    private static func name(_ text: String) -> String { FieldValueText.name(text) }

    /// The first line of the replay of a session a prune carried (the viewer's timeline says it too).
    package static func baseSentence(_ base: ReplayBase) -> String {
        "begins from the state carried by the prune of \(TimeText.describe(Int64(base.prunedAt.timeIntervalSince1970 * 1_000))): versions 1–\(base.version) were pruned"
    }

    package static func human(_ steps: [ReplayStep]) -> String {
        var output = ""
        if let base = steps.first?.base {
            output += baseSentence(base) + "\n"
            output += "    stack: \(stackLine(base.state))\n"
            for sheet in base.state.stack {
                output += "    \(name(sheet.id)): \(FieldValueText.describe(sheet.values))\n"
            }
        }
        for step in steps {
            output += "v\(step.event.version)  @\(step.event.position)  \(TimeText.describe(step.event.occurredAt))  \(EventText.describe(step.sheetEvent))\n"
            output += "    stack: \(stackLine(step.state))\n"
            for sheet in step.state.stack {
                output += "    \(name(sheet.id)): \(FieldValueText.describe(sheet.values))\n"
            }
        }
        return output
    }

    /// The sheets bottom to top, each with its dirty, locked and pending-confirmation marks.
    package static func stackLine(_ state: SessionState) -> String {
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
}
