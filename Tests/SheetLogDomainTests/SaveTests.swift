import SheetLogDomain
import Testing

@Suite("save and saveFailed")
struct SaveTests {
    @Test("save pops the sheet as saved with the final values")
    func save() throws {
        var session = SessionHarness()
        try session.runAll([.presentNewExpense("p1"), .edit(field: "amount", value: "47.50"), .edit(field: "category", value: "food")])
        let events = try session.run(.save())
        #expect(events.map(\.kind) == [.save(.init(presentation: "p1", values: ["amount": "47.50", "category": "food"]))])
        let presentation = try #require(session.state.presentation("p1"))
        #expect(presentation.status == .saved)
        #expect(presentation.closedAt == session.now)
        #expect(!presentation.isRecoverable)
        #expect(session.state.stack.isEmpty)
    }

    @Test("values given to save replace the draft")
    func saveWithValues() throws {
        var session = SessionHarness()
        try session.runAll([.presentNewExpense("p1"), .edit(field: "amount", value: "47.5")])
        try session.run(.save(values: ["amount": 47.5, "category": "travel"], presentation: "p1"))
        #expect(session.state.presentation("p1")?.values == ["amount": 47.5, "category": "travel"])
    }

    @Test("a missing required field is rejected, naming the field but not the values")
    func missingRequired() throws {
        var session = SessionHarness()
        try session.runAll([.presentNewExpense("p1"), .edit(field: "amount", value: "47.50"), .edit(field: "notes", value: "secret")])
        #expect(session.state.top?.canSave == false)
        session.expectRejected(.save(), "required field category of presentation p1 is empty")
        session.expectRejected(.save(values: ["amount": "", "category": "food"]), "required field amount of presentation p1 is empty")
        do {
            _ = try SheetDecider.decide(.save(), state: session.state, at: 0)
        } catch {
            #expect(error.context.field == "category")
            #expect(error.context.presentation == "p1")
            #expect(!error.message.contains("47.50") && !error.message.contains("secret"))
        }
    }

    @Test("Save is offered only after a swipe: allowed under the swipe's alert, not the Cancel button's")
    func saveUnderConfirmation() throws {
        var swiped = SessionHarness()
        try swiped.runAll([
            .presentNewExpense("p1"), .edit(field: "amount", value: "1"), .edit(field: "category", value: "food"),
            .attemptDismiss(source: .swipe),
        ])
        var cancelled = swiped
        try swiped.run(.save())
        #expect(swiped.state.presentation("p1")?.status == .saved)
        #expect(swiped.state.presentation("p1")?.pendingConfirmation == nil)

        try cancelled.runAll([.keepEditing(), .attemptDismiss(source: .cancelButton)])
        cancelled.expectRejected(.save(), "the pending confirmation on presentation p1 does not offer Save")
    }

    @Test("save needs the top sheet")
    func saveRejected() throws {
        var session = SessionHarness()
        session.expectRejected(.save(), "no sheet is presented")
        try session.runAll([.present(presentation: "p1", route: Routes.settings), .present(presentation: "p2", route: Routes.picker)])
        session.expectRejected(.save(presentation: "p1"), "presentation p1 is not the top sheet (p2)")
        session.expectRejected(.save(values: ["x": .number(-.infinity)]), "field x of presentation p2 holds a non-finite number",
                               code: .invalidInput)
    }

    @Test("saveFailed keeps the sheet and its draft, and closes the alert Save was tapped in")
    func saveFailed() throws {
        var session = SessionHarness()
        try session.runAll([.presentNewExpense("p1"), .edit(field: "amount", value: "1"), .attemptDismiss(source: .swipe)])
        let events = try session.run(.saveFailed(reason: "network unavailable"))
        #expect(events.map(\.kind) == [.saveFailed(.init(presentation: "p1", reason: "network unavailable"))])
        let top = try #require(session.state.top)
        #expect(top.id == "p1")
        #expect(top.status == .open)
        #expect(top.values["amount"] == "1")
        #expect(top.pendingConfirmation == nil)
        #expect(top.lastSaveFailureAt == session.now)
        #expect(top.isRecoverable)
        try session.runAll([.edit(field: "category", value: "food"), .save()])
        #expect(session.state.presentation("p1")?.lastSaveFailureAt == nil)
    }

    @Test("saveFailed needs the top sheet and, under an alert, one that offers Save")
    func saveFailedRejected() throws {
        var session = SessionHarness()
        session.expectRejected(.saveFailed(reason: "x"), "no sheet is presented")
        try session.runAll([.presentNewExpense("p1"), .edit(field: "amount", value: "1"), .attemptDismiss(source: .cancelButton)])
        session.expectRejected(.saveFailed(reason: "x"), "does not offer Save")
        session.expectRejected(.saveFailed(reason: "x", presentation: "p9"), "presentation p9 is not the top sheet (p1)")
    }
}
