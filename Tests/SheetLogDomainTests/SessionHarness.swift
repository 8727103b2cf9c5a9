import SheetLogDomain
import Testing

/// A session driven the way an app drives it: decide, then fold what was decided.
struct SessionHarness {
    var state: SessionState
    var events: [SheetEvent] = []
    var now: Int64 = 1_767_225_600_000

    init(session: String = "s1") {
        state = SessionState(sessionID: session)
    }

    /// Decides `command`, folds its events, and returns them; rethrows a rejection untouched.
    @discardableResult
    mutating func run(_ command: SheetCommand) throws(SheetLogError) -> [SheetEvent] {
        now += 1_000
        let decided = try SheetDecider.decide(command, state: state, at: now)
        state = SheetDecider.fold(decided, into: state)
        events += decided
        return decided
    }

    /// Runs commands that must all be accepted.
    mutating func runAll(_ commands: [SheetCommand]) throws {
        for command in commands { try run(command) }
    }

    /// Folds events decided elsewhere (a restore's share for this session).
    mutating func accept(_ decided: [SheetEvent]) {
        state = SheetDecider.fold(decided, into: state)
        events += decided
    }

    /// Asserts that `command` is rejected as a rule violation whose message contains `rule`,
    /// and that the state is left as it was.
    func expectRejected(
        _ command: SheetCommand, _ rule: String, code: SheetLogError.Code = .ruleViolation,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = state
        do {
            let events = try SheetDecider.decide(command, state: state, at: now + 1)
            Issue.record("\(command.name) was accepted with \(events.count) events", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == code, sourceLocation: sourceLocation)
            #expect(error.context.operation == command.name, sourceLocation: sourceLocation)
            #expect(error.context.stream == state.sessionID, sourceLocation: sourceLocation)
            #expect(error.message.hasPrefix("\(command.name): "), sourceLocation: sourceLocation)
            #expect(error.message.hasSuffix(" in session \(state.sessionID)"), sourceLocation: sourceLocation)
            #expect(error.message.contains(rule), "message: \(error.message)", sourceLocation: sourceLocation)
        }
        #expect(state == before, sourceLocation: sourceLocation)
    }
}

enum Routes {
    static let newExpense = Route(name: "newExpense", group: "editor")
    static let editExpense = Route(name: "editExpense", group: "editor", params: ["itemID": "123"])
    static let composer = Route(name: "composer", group: "editor")
    static let editProfile = Route(name: "editProfile", group: "editor")
    static let newFriend = Route(name: "newFriend")
    static let picker = Route(name: "categoryPicker")
    static let settings = Route(name: "settings")
}

extension SheetCommand {
    /// The new-expense creation form of DESIGN.md: amount and category required.
    static func presentNewExpense(_ id: String = "expense", guard dismissGuard: DismissGuard = .whenDirty) -> SheetCommand {
        .present(presentation: id, route: Routes.newExpense, required: ["amount", "category"], guard: dismissGuard)
    }
}

extension SheetEvent {
    var attemptDismissPayload: SheetEvent.AttemptDismiss? {
        if case .attemptDismiss(let payload) = kind { return payload }
        return nil
    }
}
