import SheetLog
import SheetLogReports

/// What `sheetlog replay` prints: each event, then the stack and form values after it.
///
/// Ids, names and the save-failure reason go through ``name(_:)``: a log may hold control
/// characters in them (written before they were refused), and printed raw they would run.
enum ReplayView {
    private static func name(_ text: String) -> String { FieldValueText.name(text) }

    static func human(_ steps: [ReplayStep]) -> String {
        var output = ""
        for step in steps {
            output += "v\(step.event.version)  @\(step.event.position)  \(TimeText.describe(step.event.occurredAt))  \(EventText.describe(step.sheetEvent))\n"
            output += "    stack: \(stackLine(step.state))\n"
            for sheet in step.state.stack {
                output += "    \(name(sheet.id)): \(FieldValueText.describe(sheet.values))\n"
            }
        }
        return output
    }

    static func json(_ steps: [ReplayStep]) throws(SheetLogError) -> String {
        try ReplayReport.json(steps)
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
}
