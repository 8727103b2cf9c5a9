import SheetLogDomain
import Testing

/// The flows DESIGN.md describes, end to end.
@Suite("DESIGN.md flows")
struct DesignFlowTests {
    @Test("new-expense form: typed into, swipe blocked with Save offered, Discard")
    func newExpenseDiscard() throws {
        var session = SessionHarness()
        try session.run(.presentNewExpense())
        #expect(session.state.top?.isDismissDisabled == false)
        try session.runAll([
            .edit(field: "amount", value: "47.50"), .edit(field: "category", value: "food"), .edit(field: "notes", value: "team lunch"),
        ])
        #expect(session.state.top?.isDismissDisabled == true)
        #expect(session.state.top?.canSave == true)
        let attempt = try #require(try session.run(.attemptDismiss(source: .swipe)).only?.attemptDismissPayload)
        #expect(attempt.outcome == .blocked)
        #expect(attempt.offersSave == true)
        #expect(attempt.changedFields == ["amount", "category", "notes"])
        try session.run(.confirmDiscard())
        #expect(session.state.stack.isEmpty)
        #expect(session.state.presentation("expense")?.status == .discarded)
        #expect(session.state.recoverableDrafts.isEmpty)
        #expect(session.events.map(\.type) == [.present, .edit, .edit, .edit, .attemptDismiss, .confirmDiscard])
    }

    @Test("Cancel on an empty form dismisses at once and leaves nothing to recover")
    func cancelEmptyForm() throws {
        var session = SessionHarness()
        try session.run(.presentNewExpense())
        let attempt = try #require(try session.run(.attemptDismiss(source: .cancelButton)).only?.attemptDismissPayload)
        #expect(attempt.outcome == .dismissed)
        #expect(!attempt.dirty)
        #expect(session.state.presentation("expense")?.status == .dismissed)
        #expect(session.state.recoverableDrafts.isEmpty)
    }

    @Test("friend-creation sheet with guard always: the swipe is locked even when clean, Cancel leaves")
    func friendCreation() throws {
        var session = SessionHarness()
        try session.run(.present(presentation: "friend", route: Routes.newFriend, required: ["name"], guard: .always))
        #expect(try session.run(.attemptDismiss(source: .swipe)).only?.attemptDismissPayload?.outcome == .blocked)
        #expect(session.state.top?.pendingConfirmation == nil)
        try session.run(.edit(field: "name", value: "Ada"))
        #expect(try session.run(.attemptDismiss(source: .cancelButton)).only?.attemptDismissPayload?.confirmation == true)
        #expect(session.state.top?.pendingConfirmation?.offersSave == false)
        try session.run(.keepEditing())
        try session.run(.save())
        #expect(session.state.presentation("friend")?.status == .saved)
    }

    @Test("Save is offered after a swipe, and saving from the alert pops the sheet as saved")
    func saveFromAlert() throws {
        var session = SessionHarness()
        try session.runAll([
            .present(presentation: "edit", route: Routes.editExpense, baseline: ["amount": 12, "category": "food"],
                     required: ["amount", "category"]),
            .edit(field: "amount", value: 14), .attemptDismiss(source: .swipe), .save(),
        ])
        let saved = try #require(session.state.presentation("edit"))
        #expect(saved.status == .saved)
        #expect(saved.values == ["amount": 14, "category": "food"])
        #expect(session.events.map(\.type) == [.present, .edit, .attemptDismiss, .save])
    }

    @Test("the invariant on every path: a dirty draft is saved, discarded after a confirmation, or recoverable")
    func neverSilentlyGone() throws {
        var session = SessionHarness()
        try session.runAll([
            .present(presentation: "a", route: Routes.settings, guard: .never), .edit(field: "x", value: 1),
            .attemptDismiss(source: .swipe),
            .present(presentation: "b", route: Routes.picker), .edit(field: "x", value: 1), .attemptDismiss(source: .programmatic),
            .present(presentation: "c", route: Routes.newFriend), .edit(field: "x", value: 1), .attemptDismiss(source: .swipe),
            .confirmDiscard(),
            .presentNewExpense("d"), .edit(field: "amount", value: 1), .edit(field: "category", value: "x"), .save(),
            .present(presentation: "e", route: Routes.composer), .edit(field: "x", value: 1),
        ])
        let statuses = session.state.presentations.mapValues(\.status)
        #expect(statuses == ["a": .abandoned, "b": .abandoned, "c": .discarded, "d": .saved, "e": .open])
        #expect(session.state.recoverableDrafts.map(\.presentation) == ["a", "b", "e"])
        #expect(session.state.recoverableDrafts.map(\.reason) == [.abandoned, .abandoned, .open])
    }
}
