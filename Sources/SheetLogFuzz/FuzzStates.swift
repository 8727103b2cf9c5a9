import SheetLogDomain

/// The small session states every accepted fuzz line is decided against, one per region of the
/// state machine: empty, a dirty sheet, a pending confirmation, an abandoned draft under a clean
/// sheet, and an ended session.
enum FuzzStates {
    static let session = "s1"

    static let all: [SessionState] = {
        let expense = SheetCommand.present(
            presentation: "p1", route: Route(name: "newExpense", group: "editor", params: ["itemID": "7"]),
            baseline: ["amount": "", "note": nil], required: ["amount"])
        let dirty: [SheetCommand] = [expense, .edit(field: "amount", value: "47.50")]
        return [
            [],
            dirty,
            dirty + [.attemptDismiss(source: .swipe)],
            dirty + [.attemptDismiss(source: .programmatic), .present(presentation: "p2", route: Route(name: "settings"), guard: .never)],
            [expense, .endSession],
        ].map(state(after:))
    }()

    /// The state the commands lead to; they are all legal, so a failure here is a bug in this list.
    private static func state(after commands: [SheetCommand]) -> SessionState {
        var state = SessionState(sessionID: session)
        for (index, command) in commands.enumerated() {
            do {
                state = SheetDecider.fold(try SheetDecider.decide(command, state: state, at: Int64(index) * 1_000), into: state)
            } catch {
                preconditionFailure("fuzz state setup: \(error)")
            }
        }
        return state
    }
}
