import SheetLogDomain
import Testing

@Suite("confirmDiscard, keepEditing and dismissAll")
struct ConfirmationTests {
    /// A dirty new-expense form whose swipe raised the alert.
    static func alertUp(source: DismissSource = .swipe) throws -> SessionHarness {
        var session = SessionHarness()
        try session.runAll([
            .presentNewExpense("p1"), .edit(field: "amount", value: "47.50"), .edit(field: "notes", value: "lunch"),
            .attemptDismiss(source: source),
        ])
        return session
    }

    @Test("confirmDiscard pops the sheet as discarded and records which fields were lost")
    func confirmDiscard() throws {
        var session = try Self.alertUp()
        let events = try session.run(.confirmDiscard())
        #expect(events.map(\.kind) == [.confirmDiscard(.init(presentation: "p1", discardedFields: ["amount", "notes"]))])
        let presentation = try #require(session.state.presentation("p1"))
        #expect(presentation.status == .discarded)
        #expect(presentation.closedAt == session.now)
        #expect(presentation.pendingConfirmation == nil)
        #expect(!presentation.isRecoverable)
        #expect(session.state.stack.isEmpty)
        #expect(session.state.recoverableDrafts.isEmpty)
    }

    @Test("keepEditing clears the alert and keeps the sheet and its draft")
    func keepEditing() throws {
        var session = try Self.alertUp(source: .cancelButton)
        #expect(session.state.top?.pendingConfirmation == PendingConfirmation(source: .cancelButton, offersSave: false))
        try session.run(.keepEditing(presentation: "p1"))
        let top = try #require(session.state.top)
        #expect(top.pendingConfirmation == nil)
        #expect(top.values["amount"] == "47.50")
        try session.run(.edit(field: "amount", value: "48"))
        #expect(session.state.top?.values["amount"] == "48")
    }

    @Test("confirmDiscard and keepEditing need a pending confirmation")
    func rejected() throws {
        var session = SessionHarness()
        session.expectRejected(.confirmDiscard(), "no confirmation is pending")
        session.expectRejected(.keepEditing(), "no confirmation is pending")
        try session.runAll([.presentNewExpense("p1"), .edit(field: "amount", value: "1")])
        session.expectRejected(.confirmDiscard(), "no confirmation is pending")
        session.expectRejected(.keepEditing(), "no confirmation is pending")
        // A blocked swipe on a clean, always-locked sheet raises no alert.
        var locked = SessionHarness()
        try locked.runAll([.present(presentation: "f1", route: Routes.newFriend, guard: .always), .attemptDismiss(source: .swipe)])
        locked.expectRejected(.confirmDiscard(), "no confirmation is pending")
        // The alert is on the top sheet only.
        let alert = try Self.alertUp()
        alert.expectRejected(.confirmDiscard(presentation: "other"), "presentation other is not the top sheet (p1)")
        alert.expectRejected(.keepEditing(presentation: "other"), "presentation other is not the top sheet (p1)")
    }

    @Test("the exact message for a discard without an alert")
    func exactMessage() throws {
        do {
            _ = try SheetDecider.decide(.confirmDiscard(), state: SessionState(sessionID: "s1"), at: 0)
            Issue.record("accepted")
        } catch {
            #expect(error.message == "confirmDiscard: no confirmation is pending in session s1")
            #expect(error.context.operation == "confirmDiscard")
            #expect(error.context.stream == "s1")
        }
    }

    @Test("dismissAll dismisses top down and stops at the first sheet left on screen")
    func dismissAllStopsAtDirty() throws {
        var session = SessionHarness()
        try session.runAll([
            .present(presentation: "settings", route: Routes.settings),
            .presentNewExpense("expense"), .edit(field: "amount", value: "5"),
            .present(presentation: "picker", route: Routes.picker),
        ])
        let events = try session.run(.dismissAll(source: .swipe))
        #expect(events.compactMap(\.attemptDismissPayload).map(\.presentation) == ["picker", "expense"])
        #expect(events.compactMap(\.attemptDismissPayload).map(\.outcome) == [.dismissed, .blocked])
        #expect(session.state.stackIDs == ["settings", "expense"])
        #expect(session.state.top?.pendingConfirmation?.offersSave == true)
    }

    @Test("a programmatic dismissAll forces the dirty sheet off and empties the stack")
    func dismissAllProgrammatic() throws {
        var session = SessionHarness()
        try session.runAll([
            .present(presentation: "settings", route: Routes.settings),
            .presentNewExpense("expense"), .edit(field: "amount", value: "5"),
        ])
        let events = try session.run(.dismissAll(source: .programmatic))
        #expect(events.compactMap(\.attemptDismissPayload).map(\.outcome) == [.forced, .dismissed])
        #expect(session.state.stack.isEmpty)
        #expect(session.state.presentation("expense")?.status == .abandoned)
        #expect(session.state.recoverableDrafts.map(\.presentation) == ["expense"])
        #expect(session.state.recoverableDrafts.first?.reason == .abandoned)
    }

    @Test("dismissAll stops at a locked clean sheet a swipe can't move")
    func dismissAllStopsAtLockedClean() throws {
        var session = SessionHarness()
        try session.runAll([
            .present(presentation: "friend", route: Routes.newFriend, guard: .always),
            .present(presentation: "picker", route: Routes.picker),
        ])
        let events = try session.run(.dismissAll(source: .swipe))
        #expect(events.compactMap(\.attemptDismissPayload).map(\.outcome) == [.dismissed, .blocked])
        #expect(session.state.stackIDs == ["friend"])
        #expect(session.state.top?.pendingConfirmation == nil)
    }

    @Test("dismissAll needs a sheet without a pending confirmation on top")
    func dismissAllRejected() throws {
        SessionHarness().expectRejected(.dismissAll(source: .programmatic), "no sheet is presented")
        try Self.alertUp().expectRejected(.dismissAll(source: .programmatic), "a confirmation is pending on presentation p1")
    }
}
