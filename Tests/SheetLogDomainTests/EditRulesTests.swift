import SheetLogDomain
import Testing

@Suite("edit")
struct EditRulesTests {
    @Test("an edit changes the top sheet's draft and makes it dirty")
    func accepted() throws {
        var session = SessionHarness()
        try session.run(.presentNewExpense("p1"))
        let events = try session.run(.edit(field: "amount", value: "47.50", presentation: "p1"))
        #expect(events == [SheetEvent(occurredAt: session.now, .edit(.init(presentation: "p1", field: "amount", value: "47.50")))])
        let top = try #require(session.state.top)
        #expect(top.values["amount"] == "47.50")
        #expect(top.isDirty)
        #expect(top.changedFields == ["amount"])
        #expect(top.lastEditAt == session.now)
    }

    @Test("an edit that changes nothing appends nothing")
    func noChange() throws {
        var session = SessionHarness()
        try session.run(.present(presentation: "p1", route: Routes.editExpense, baseline: ["amount": 12]))
        #expect(try session.run(.edit(field: "amount", value: 12)).isEmpty)
        // Absent, "" and null are all empty: none of these changes anything.
        #expect(try session.run(.edit(field: "notes", value: "")).isEmpty)
        #expect(try session.run(.edit(field: "notes", value: nil)).isEmpty)
        #expect(session.state.version == 1)
    }

    @Test("typing a field back to its baseline makes it clean again")
    func backToBaseline() throws {
        var session = SessionHarness()
        try session.run(.present(presentation: "p1", route: Routes.editExpense, baseline: ["amount": 12, "category": "food"]))
        try session.run(.edit(field: "amount", value: 13))
        #expect(session.state.top?.isDirty == true)
        try session.run(.edit(field: "amount", value: 12))
        #expect(session.state.top?.isDirty == false)
        #expect(session.state.top?.changedFields == [])
        // A creation form typed into then emptied is clean as well.
        try session.run(.edit(field: "notes", value: "lunch"))
        try session.run(.edit(field: "notes", value: ""))
        #expect(session.state.top?.isDirty == false)
        // Clearing a baseline value is a change: "food" → absent-equivalent "".
        try session.run(.edit(field: "category", value: nil))
        #expect(session.state.top?.changedFields == ["category"])
    }

    @Test("a number and the same text are different values")
    func typedValues() throws {
        var session = SessionHarness()
        try session.run(.present(presentation: "p1", route: Routes.editExpense, baseline: ["amount": 12]))
        try session.run(.edit(field: "amount", value: "12"))
        #expect(session.state.top?.isDirty == true)
    }

    @Test("edit needs the top sheet and no pending confirmation")
    func rejected() throws {
        var session = SessionHarness()
        session.expectRejected(.edit(field: "amount", value: "1"), "no sheet is presented")
        try session.runAll([.presentNewExpense("p1"), .present(presentation: "p2", route: Routes.picker)])
        session.expectRejected(.edit(field: "amount", value: "1", presentation: "p1"), "presentation p1 is not the top sheet (p2)")
        try session.runAll([.attemptDismiss(source: .swipe), .edit(field: "amount", value: "1"), .attemptDismiss(source: .swipe)])
        session.expectRejected(.edit(field: "amount", value: "2"), "a confirmation is pending on presentation p1")
        session.expectRejected(.edit(field: "", value: "2"), "a confirmation is pending")
    }

    @Test("a non-finite number or an empty field name is invalid input, named without the value")
    func invalid() throws {
        var session = SessionHarness()
        try session.run(.presentNewExpense("p1"))
        session.expectRejected(.edit(field: "amount", value: .number(.nan)), "field amount of presentation p1 holds a non-finite number",
                               code: .invalidInput)
        session.expectRejected(.edit(field: "", value: "x"), "a field name of presentation p1 is empty", code: .invalidInput)
    }
}
