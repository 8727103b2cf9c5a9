import SheetLogDomain
import Testing

@Suite("present")
struct PresentRulesTests {
    @Test("present pushes a clean sheet with its baseline as the draft")
    func accepted() throws {
        var session = SessionHarness()
        let baseline: [String: FieldValue] = ["amount": 12.5, "category": "food"]
        let events = try session.run(
            .present(presentation: "edit-1", route: Routes.editExpense, baseline: baseline, required: ["amount"], guard: .always))
        guard case .present(let payload) = try #require(events.only).kind else { Issue.record("not a present"); return }
        #expect(payload.values == nil)
        #expect(payload.restoredFrom == nil)
        let top = try #require(session.state.top)
        #expect(top.id == "edit-1")
        #expect(top.values == baseline)
        #expect(top.baseline == baseline)
        #expect(top.route.params == ["itemID": "123"])
        #expect(top.dismissGuard == .always)
        #expect(top.status == .open)
        #expect(top.openedAt == session.now)
        #expect(!top.isDirty)
        #expect(top.canSave)
        #expect(session.state.version == 1)
    }

    @Test("the route group defaults to the route name")
    func groupDefault() {
        #expect(Route(name: "settings").group == "settings")
        #expect(Route(name: "composer", group: "editor").group == "editor")
    }

    @Test("an id used in the session is rejected, even after its sheet closed")
    func idUnused() throws {
        var session = SessionHarness()
        try session.run(.present(presentation: "p1", route: Routes.settings))
        session.expectRejected(.present(presentation: "p1", route: Routes.picker), "presentation p1 is already used")
        try session.run(.attemptDismiss(source: .swipe))
        #expect(session.state.stack.isEmpty)
        session.expectRejected(.present(presentation: "p1", route: Routes.settings), "presentation p1 is already used")
    }

    @Test("no present while a confirmation is pending on the top")
    func noPendingConfirmation() throws {
        var session = SessionHarness()
        try session.runAll([.presentNewExpense("p1"), .edit(field: "amount", value: "3"), .attemptDismiss(source: .swipe)])
        session.expectRejected(.present(presentation: "p2", route: Routes.picker), "a confirmation is pending on presentation p1")
        try session.run(.keepEditing())
        try session.run(.present(presentation: "p2", route: Routes.picker))
        #expect(session.state.stackIDs == ["p1", "p2"])
    }

    @Test("editor group exclusivity: composer and editProfile can't share a stack")
    func groupExclusive() throws {
        var session = SessionHarness()
        try session.run(.present(presentation: "composer", route: Routes.composer))
        try session.run(.present(presentation: "picker", route: Routes.picker))
        session.expectRejected(
            .present(presentation: "profile", route: Routes.editProfile),
            "route group editor is already in the stack (presentation composer)")
        try session.run(.dismissAll(source: .programmatic))
        try session.run(.present(presentation: "profile", route: Routes.editProfile))
        #expect(session.state.top?.route.name == "editProfile")
    }

    @Test("malformed arguments are invalid input")
    func invalidInput() throws {
        let session = SessionHarness()
        session.expectRejected(.present(presentation: "", route: Routes.settings), "the presentation id is empty", code: .invalidInput)
        session.expectRejected(.present(presentation: "p1", route: Route(name: "")), "route name or group", code: .invalidInput)
        session.expectRejected(
            .present(presentation: "p1", route: Routes.settings, baseline: ["amount": .number(.infinity)]),
            "field amount of presentation p1 holds a non-finite number", code: .invalidInput)
        session.expectRejected(
            .present(presentation: "p1", route: Routes.settings, required: [""]), "required field name", code: .invalidInput)
    }
}
