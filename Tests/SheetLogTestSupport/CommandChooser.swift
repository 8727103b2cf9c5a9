import SheetLogDomain

/// Turns one generated number into a command for the current state, biased towards legal
/// commands on the top sheet so that random sequences reach deep stacks, alerts and restores.
///
/// Each step of a sequence is one number: it seeds a ``SplitMix64``, so that the property
/// library's shrinking (smaller numbers, fewer steps) still yields valid sequences.
///
/// ```swift
/// var chooser = CommandChooser(number)
/// let command = chooser.command(for: state, freshID: "p\(step)", drafts: state.recoverableDrafts.map(\.reference))
/// ```
package struct CommandChooser {
    /// Field names and values small enough to collide often (typing back to a baseline).
    package static let fields = ["amount", "category", "notes"]
    package static let values: [FieldValue] = ["", nil, "val-secret-1", "val-secret-2", 12, 13.5, -0.25, true, "food"]
    package static let routes = [
        Route(name: "settings"), Route(name: "newExpense", group: "editor", params: ["itemID": "7"]),
        Route(name: "composer", group: "editor"), Route(name: "editProfile", group: "editor"), Route(name: "picker"),
        Route(name: "newFriend"),
    ]
    package static let baselines: [[String: FieldValue]] = [[:], ["amount": 12, "category": "food"], ["notes": "val-secret-2"]]

    private var random: SplitMix64

    package init(_ number: Int) {
        random = SplitMix64(seed: UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15)
    }

    package mutating func below(_ bound: Int) -> Int { random.below(bound) }

    package mutating func pick<T>(_ items: [T]) -> T { random.pick(items) }

    package mutating func chance(_ percent: Int) -> Bool { random.chance(percent) }

    /// A command for `state`; `freshID` names a presentation never used anywhere yet.
    package mutating func command(for state: SessionState, freshID: String, drafts: [DraftReference]) -> SheetCommand {
        if state.ended || chance(4) { return anyCommand(state: state, freshID: freshID, drafts: drafts) }
        guard let top = state.top else {
            switch below(100) {
            case 0..<75: return present(freshID: freshID, state: state)
            case 75..<88 where !drafts.isEmpty: return .restoreDraft(from: pick(drafts), as: freshID)
            case 88..<94 where !drafts.isEmpty: return .declineDraft(from: pick(drafts))
            case 94..<97: return .endSession
            default: return anyCommand(state: state, freshID: freshID, drafts: drafts)
            }
        }
        if top.pendingConfirmation != nil {
            switch below(100) {
            case 0..<30: return .confirmDiscard(presentation: chance(50) ? top.id : nil)
            case 30..<60: return .keepEditing(presentation: chance(50) ? top.id : nil)
            case 60..<80: return save(top)
            case 80..<85: return .saveFailed(reason: "repository failed")
            default: return anyCommand(state: state, freshID: freshID, drafts: drafts)
            }
        }
        switch below(100) {
        case 0..<45: return .edit(field: pick(Self.fields), value: pick(Self.values), presentation: chance(30) ? top.id : nil)
        case 45..<65: return .attemptDismiss(source: pick(DismissSource.allCases), presentation: chance(30) ? top.id : nil)
        case 65..<75: return present(freshID: freshID, state: state)
        case 75..<84: return save(top)
        case 84..<87: return .saveFailed(reason: "repository failed", presentation: top.id)
        case 87..<90: return .dismissAll(source: pick(DismissSource.allCases))
        case 90..<92: return .endSession
        case 92..<96 where !drafts.isEmpty: return .restoreDraft(from: pick(drafts), as: freshID)
        case 96..<98 where !drafts.isEmpty: return .declineDraft(from: pick(drafts))
        default: return anyCommand(state: state, freshID: freshID, drafts: drafts)
        }
    }

    private mutating func present(freshID: String, state: SessionState) -> SheetCommand {
        // Now and then reuse an id the session has seen, which must be rejected.
        let id = chance(8) ? (state.presentations.keys.sorted().first ?? freshID) : freshID
        let required = Self.fields.filter { _ in chance(30) }
        return .present(
            presentation: id, route: pick(Self.routes), baseline: pick(Self.baselines), required: required,
            guard: pick(DismissGuard.allCases))
    }

    private mutating func save(_ top: Presentation) -> SheetCommand {
        if chance(25) {
            var values = top.values
            values[pick(Self.fields)] = pick(Self.values)
            return .save(values: values)
        }
        return .save(presentation: chance(30) ? top.id : nil)
    }

    /// Any command at all, mostly illegal here: rejections are part of the property.
    private mutating func anyCommand(state: SessionState, freshID: String, drafts: [DraftReference]) -> SheetCommand {
        let someID = chance(50) ? "nowhere" : (state.presentations.keys.sorted().first ?? "nowhere")
        let reference = drafts.isEmpty || chance(30)
            ? DraftReference(session: state.sessionID, presentation: someID) : pick(drafts)
        return pick([
            .present(presentation: freshID, route: pick(Self.routes)),
            .edit(field: pick(Self.fields), value: pick(Self.values), presentation: someID),
            .attemptDismiss(source: pick(DismissSource.allCases), presentation: someID),
            .dismissAll(source: pick(DismissSource.allCases)), .confirmDiscard(), .keepEditing(), .save(),
            .saveFailed(reason: "repository failed"), .restoreDraft(from: reference, as: freshID),
            .declineDraft(from: reference), .endSession,
        ])
    }
}
