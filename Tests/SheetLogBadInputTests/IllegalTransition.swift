/// A valid line of one scenario sent to a session whose state machine rejects it (a rule violation).
struct IllegalTransition: Sendable {
    var line: LineScenario
    var summary: String

    init(_ type: String, to session: String, _ why: String) {
        guard let scenario = LineScenario.all.first(where: { $0.type == type }) else { preconditionFailure("no scenario \(type)") }
        line = scenario.sent(to: session)
        summary = "\(type) in \(session): \(why)"
    }

    init(_ scenario: LineScenario, _ summary: String) {
        line = scenario
        self.summary = summary
    }

    static let all: [IllegalTransition] = [
        IllegalTransition("present", to: "s-edit", "presentation id p1 is in use"),
        IllegalTransition("present", to: "s-confirm", "a confirmation is pending"),
        IllegalTransition("present", to: LineScenario.endedSession, "the session ended"),
        IllegalTransition("edit", to: "s-present", "no sheet is presented"),
        IllegalTransition("edit", to: "s-confirm", "a confirmation is pending"),
        IllegalTransition("attemptDismiss", to: "s-present", "no sheet is presented"),
        IllegalTransition("attemptDismiss", to: "s-keep", "a confirmation is pending"),
        IllegalTransition("dismissAll", to: "s-present", "no sheet is presented"),
        IllegalTransition("confirmDiscard", to: "s-edit", "no confirmation is pending"),
        IllegalTransition("keepEditing", to: "s-savefailed", "no confirmation is pending"),
        IllegalTransition("save", to: "s-present", "no sheet is presented"),
        IllegalTransition(LineScenario.all[6].sent(to: "s-end").withValues(["paid": "true"]), "save in s-end: required amount is empty"),
        IllegalTransition("saveFailed", to: "s-present", "no sheet is presented"),
        IllegalTransition("endSession", to: LineScenario.endedSession, "the session already ended"),
        IllegalTransition(LineScenario.all[8].fromDraft(session: "s-edit", presentation: "p1"), "restoreDraft of a clean open sheet"),
        IllegalTransition(LineScenario.all[9].fromDraft(session: "s-present", presentation: "p9"), "declineDraft of no draft"),
    ]
}

extension LineScenario {
    /// The line with `values` replaced by these literal JSON values.
    func withValues(_ values: [String: String]) -> LineScenario {
        var copy = self
        copy.members = members.map { member in
            guard member.key == "values" else { return member }
            return JSONMember("values", .object(values.map { JSONMember($0.key, .literal($0.value), .scalar) }), .map)
        }
        return copy
    }

    /// The line with `from` naming another draft.
    func fromDraft(session: String, presentation: String) -> LineScenario {
        var copy = self
        copy.members = members.map { member in
            guard member.key == "from" else { return member }
            return JSONMember("from", .object([
                JSONMember("session", .text(session), required: true), JSONMember("presentation", .text(presentation), required: true),
            ]), .object, required: true)
        }
        return copy
    }
}
