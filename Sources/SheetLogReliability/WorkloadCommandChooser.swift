import SheetLogDomain
import SheetLogTestSupport

/// Picks the next command for a session, biased towards commands the decider accepts, so that
/// workloads reach typed drafts, discard alerts, saves, abandoned drafts and restores.
struct WorkloadCommandChooser {
    static let routes = [
        Route(name: "newExpense", group: "editor"), Route(name: "composer", group: "editor"),
        Route(name: "editProfile", group: "editor", params: ["itemID": "123"]), Route(name: "settings"),
        Route(name: "picker"), Route(name: "newFriend"),
    ]

    /// A command for `state`; `freshID` is a presentation id the session has never used.
    static func command(for state: SessionState, freshID: String, using random: inout SplitMix64) -> SheetCommand {
        let drafts = state.recoverableDrafts.filter { $0.reason == .abandoned }.map(\.reference)
        guard let top = state.top else {
            if !drafts.isEmpty && random.chance(15) {
                return random.chance(60) ? .restoreDraft(from: random.pick(drafts), as: freshID) : .declineDraft(from: random.pick(drafts))
            }
            return present(freshID, using: &random)
        }
        if top.pendingConfirmation != nil {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<35: return .confirmDiscard()
            case 35..<70: return .keepEditing()
            case 70..<90: return .save()
            default: return .saveFailed(reason: "repository unavailable")
            }
        }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<58:
            return .edit(field: random.pick(FieldValueGenerator.fields), value: FieldValueGenerator.value(using: &random))
        case 58..<74: return .attemptDismiss(source: random.pick(DismissSource.allCases))
        case 74..<82: return present(freshID, using: &random)
        case 82..<91: return .save()
        case 91..<94: return .saveFailed(reason: "repository unavailable")
        case 94..<97: return .dismissAll(source: random.pick(DismissSource.allCases))
        default:
            return drafts.isEmpty ? .keepEditing() : .declineDraft(from: random.pick(drafts))
        }
    }

    private static func present(_ id: String, using random: inout SplitMix64) -> SheetCommand {
        let baseline: [String: FieldValue] = random.chance(40)
            ? ["amount": .number(12.5), "category": .string("food"), "notes": .string("Grüße aus Köln 🙂")] : [:]
        let required = FieldValueGenerator.fields.filter { _ in random.chance(20) }
        return .present(presentation: id, route: random.pick(routes), baseline: baseline, required: required,
                        guard: random.pick(DismissGuard.allCases))
    }
}
