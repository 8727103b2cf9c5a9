import SheetLog
import SheetLogTestSupport

/// One launch of the simulated app, through the public API as an app drives it: the launch's
/// recovery screen, then forms presented, typed into keystroke by keystroke, and saved, discarded
/// or kept editing, then the session ended, or the launch killed with a draft on screen.
@MainActor
struct SimulatedLaunch {
    let database: SheetLogDatabase
    let clock: ManualClock
    let settings: SimulationSettings
    let session: String
    /// A prefix for presentation ids, unique in the whole run (a restored draft keeps its id).
    let prefix: String

    /// What the launch's recovery screen leaves alone (the draft kept open for ever).
    var untouchedSession: String?

    /// Answers the recovery screen: restores the first draft a killed launch left (the person goes on
    /// with it and saves it), declines the others. Returns the keystrokes spent.
    func recover(into coordinator: SheetCoordinator, using random: inout SplitMix64) async throws -> Int {
        var keystrokes = 0
        for draft in try await database.recoverableDrafts() where draft.session != untouchedSession {
            let reference = DraftReference(session: draft.session, presentation: draft.presentation)
            if draft.reason == .open, keystrokes == 0 {
                _ = try await database.restoreDraft(reference, into: session)
                await coordinator.load()
                keystrokes += await type(into: coordinator, form: nil, count: 20, using: &random)
                try require(await coordinator.save(), coordinator, "saving a restored draft")
            } else {
                _ = try await database.declineDraft(reference)
            }
        }
        return keystrokes
    }

    /// Forms until `budget` keystrokes are spent; when `killed`, the last one stays on screen dirty
    /// and the session is not ended (the coordinator is dropped as a killed process drops it).
    func run(_ coordinator: SheetCoordinator, budget: Int, killed: Bool, using random: inout SplitMix64) async throws {
        var spent = 0
        var number = 0
        while true {
            number += 1
            let form = random.pick(SimulatedForm.all)
            try require(
                await coordinator.present("\(prefix)-f\(number)", route: form.route, baseline: form.baseline, required: form.required),
                coordinator, "presenting")
            // The killed launch's last form gets a few keystrokes even when the budget ran out as
            // the form before it closed: the kill always leaves a dirty draft on screen.
            spent += await type(into: coordinator, form: form, count: max(5, min(budget - spent, 40 + random.below(200))), using: &random)
            if killed && spent >= budget { return }
            try await close(coordinator, form: form, spent: &spent, using: &random)
            if spent >= budget && !killed { break }
        }
        try require(await coordinator.endSession(), coordinator, "ending the session")
    }

    /// Saves (most forms), discards after the alert, or keeps editing after it and then saves.
    private func close(_ coordinator: SheetCoordinator, form: SimulatedForm, spent: inout Int, using random: inout SplitMix64) async throws {
        let draw = random.below(100)
        if draw < 70 {
            try require(await coordinator.save(), coordinator, "saving")
            return
        }
        tick(random.below(3_000))
        try require(await coordinator.attemptDismiss(source: random.chance(70) ? .swipe : .cancelButton), coordinator, "dismissing")
        guard coordinator.pendingConfirmation != nil else { return }  // a clean draft leaves at once
        tick(1_000 + random.below(2_000))
        if draw < 85 {
            try require(await coordinator.confirmDiscard(), coordinator, "discarding")
            return
        }
        try require(await coordinator.keepEditing(), coordinator, "keeping on editing")
        spent += await type(into: coordinator, form: form, count: 10 + random.below(30), using: &random)
        try require(await coordinator.save(), coordinator, "saving after keeping on editing")
    }

    /// Types `count` keystrokes into the top sheet's fields, one edit event each: a field's text grows
    /// by a character (now and then one is deleted) until it reaches its drawn length, then the next
    /// field. With no form (a restored draft), its fields. A field is never typed back to empty, so
    /// that a required one typed first can always be saved. Returns the keystrokes typed.
    private func type(into coordinator: SheetCoordinator, form: SimulatedForm?, count: Int, using random: inout SplitMix64) async -> Int {
        let fields = form?.fields ?? coordinator.values.keys.sorted().map { ($0, 5...60) }
        guard !fields.isEmpty else { return 0 }
        var typed = 0
        var index = 0
        while typed < count {
            let (field, lengths) = fields[index % fields.count]
            let target = max(1, Int.random(in: lengths, using: &random))
            var text: String
            if case .string(let current)? = coordinator.values[field] { text = current } else { text = "" }
            if text.count >= target { text = "" }
            while typed < count, text.count < target {
                if text.count > 1, random.chance(6) { text.removeLast() } else { text.append(random.pick(Self.alphabet)) }
                tick(Int(settings.keystrokeInterval) / 2 + random.below(Int(settings.keystrokeInterval)))
                await coordinator.edit(field, to: text)
                typed += 1
            }
            index += 1
        }
        return typed
    }

    private func tick(_ milliseconds: Int) {
        clock.advance(by: Int64(milliseconds))
    }

    private func require(_ accepted: Bool, _ coordinator: SheetCoordinator, _ step: String) throws {
        if !accepted {
            throw SheetLogError(
                .invalidInput, "the simulated app's \(step) was refused: \(coordinator.lastError?.message ?? "no error")",
                context: .init(stream: session, operation: "retention simulation"))
        }
    }

    private static let alphabet: [Character] = Array("abcdefghijklmnopqrstuvwxyz eeeaaoo ABCDEFGH 0123456789 .,-'é")
}
