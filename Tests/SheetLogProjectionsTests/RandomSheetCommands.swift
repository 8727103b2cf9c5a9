import SheetLogDomain

/// Turns one generated number into the next step of a random workload over a few sessions,
/// biased towards commands the decider accepts, so that sequences reach stacks, alerts, forced
/// dismissals, restores across sessions and declines. Rejected commands are part of the mix.
///
/// Each number seeds a small SplitMix64 generator, so that shrinking still yields valid steps.
struct RandomSheetCommands {
    enum Step {
        case command(SheetCommand, session: String)
        case restore(DraftReference, into: String, as: String)
        /// An event of a type the domain does not know, as another writer would append: refused.
        case foreignEvent(session: String)
    }

    static let sessions = ["a", "b", "c"]
    static let fields = ["amount", "category", "notes"]
    static let values: [FieldValue] = ["", nil, "val-secret-1", "val-secret-2", 12, 13.5, -0.25, true, "food"]
    static let routes = [
        Route(name: "settings"), Route(name: "newExpense", group: "editor", params: ["itemID": "7"]),
        Route(name: "composer", group: "editor"), Route(name: "picker"), Route(name: "newFriend"),
    ]
    static let baselines: [[String: FieldValue]] = [[:], ["amount": 12, "category": "food"], ["notes": "val-secret-2"]]

    private var seed: UInt64

    init(_ number: Int) { seed = UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        seed &+= 0x9E37_79B9_7F4A_7C15
        var z = seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// The next step, given every session's state; `freshID` was never used as a presentation id.
    mutating func step(states: [String: SessionState], freshID: String) -> Step {
        let session = chance(70) ? "a" : pick(Self.sessions)
        let state = states[session] ?? SessionState(sessionID: session)
        let drafts = Self.sessions.flatMap { (states[$0] ?? SessionState(sessionID: $0)).recoverableDrafts.map(\.reference) }
        if chance(3) { return .foreignEvent(session: session) }
        if !drafts.isEmpty && chance(8) {
            let draft = pick(drafts)
            if chance(50) { return .command(.declineDraft(from: draft), session: draft.session) }
            if draft.session == session { return .command(.restoreDraft(from: draft, as: freshID), session: session) }
            return .restore(draft, into: session, as: freshID)
        }
        guard let top = state.top, !state.ended else {
            return .command(chance(85) ? present(freshID) : .endSession, session: session)
        }
        if top.pendingConfirmation != nil {
            let answers: [SheetCommand] = [.confirmDiscard(), .keepEditing(), .save(), .saveFailed(reason: "offline")]
            return .command(pick(answers), session: session)
        }
        let command: SheetCommand
        switch below(100) {
        case 0..<45: command = .edit(field: pick(Self.fields), value: pick(Self.values))
        case 45..<67: command = .attemptDismiss(source: pick(DismissSource.allCases))
        case 67..<78: command = present(freshID)
        case 78..<86: command = chance(30) ? .save(values: [pick(Self.fields): pick(Self.values)]) : .save()
        case 86..<89: command = .saveFailed(reason: "offline")
        case 89..<93: command = .dismissAll(source: pick(DismissSource.allCases))
        case 93..<96: command = .endSession
        default: command = .confirmDiscard()  // rejected: no alert is up
        }
        return .command(command, session: session)
    }

    private mutating func present(_ id: String) -> SheetCommand {
        .present(
            presentation: id, route: pick(Self.routes), baseline: pick(Self.baselines),
            required: Self.fields.filter { _ in chance(20) }, guard: pick(DismissGuard.allCases))
    }
}
