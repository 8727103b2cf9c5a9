import SheetLogDomain
import Testing

@Suite("restoreDraft, declineDraft and endSession")
struct RestoreAndDeclineTests {
    /// A session that died with a dirty edit form on screen (never ended).
    static func crashed() throws -> SessionHarness {
        var session = SessionHarness(session: "old")
        try session.runAll([
            .present(presentation: "edit-1", route: Routes.editExpense, baseline: ["amount": 12, "category": "food"],
                     required: ["amount"]),
            .edit(field: "amount", value: 15), .edit(field: "notes", value: "taxi"),
        ])
        return session
    }

    @Test("a sheet still on screen when the app died is recoverable as open")
    func openDraft() throws {
        let old = try Self.crashed()
        let draft = try #require(old.state.recoverableDrafts.only)
        #expect(draft.reference == DraftReference(session: "old", presentation: "edit-1"))
        #expect(draft.reason == .open)
        #expect(draft.changedFields == ["amount", "notes"])
        #expect(draft.values == ["amount": 15, "category": "food", "notes": "taxi"])
        #expect(draft.baseline == ["amount": 12, "category": "food"])
        #expect(draft.route == Routes.editExpense)
        #expect(draft.lastEditAt == old.now)
    }

    @Test("restore appends restoreDraft in the old session and present with the draft in the new one")
    func restoreAcrossSessions() throws {
        var old = try Self.crashed()
        var new = SessionHarness(session: "new")
        let reference = DraftReference(session: "old", presentation: "edit-1")
        let (oldEvents, newEvents) = try SheetDecider.decideRestore(from: reference, old: old.state, new: new.state, at: 5_000)
        #expect(oldEvents.map(\.kind) == [.restoreDraft(.init(presentation: "edit-1", intoSession: "new", newPresentation: "edit-1"))])
        let expectedPresent = SheetEvent.Present(
            presentation: "edit-1", route: Routes.editExpense, baseline: ["amount": 12, "category": "food"],
            values: ["amount": 15, "category": "food", "notes": "taxi"], required: ["amount"], restoredFrom: reference)
        #expect(newEvents == [SheetEvent(occurredAt: 5_000, .present(expectedPresent))])
        old.accept(oldEvents)
        new.accept(newEvents)

        #expect(old.state.presentation("edit-1")?.status == .restored)
        #expect(old.state.stack.isEmpty)
        #expect(old.state.recoverableDrafts.isEmpty)
        let restored = try #require(new.state.top)
        #expect(restored.restoredFrom == reference)
        #expect(restored.changedFields == ["amount", "notes"])
        #expect(restored.isDismissDisabled)
        // Only once: the old draft is no longer recoverable.
        #expect(throws: SheetLogError.self) {
            try SheetDecider.decideRestore(from: reference, old: old.state, new: SessionState(sessionID: "third"), at: 6_000)
        }
        old.expectRejected(.declineDraft(from: reference), "presentation edit-1 is not a recoverable draft (status restored, dirty)")
    }

    @Test("the new session's present rules apply to a restore, and the new id may be chosen")
    func restoreIntoBusySession() throws {
        let old = try Self.crashed()
        var new = SessionHarness(session: "new")
        try new.run(.present(presentation: "composer", route: Routes.composer))
        let reference = DraftReference(session: "old", presentation: "edit-1")
        do {
            _ = try SheetDecider.decideRestore(from: reference, old: old.state, new: new.state, at: 1)
            Issue.record("accepted")
        } catch {
            #expect(error.code == .ruleViolation)
            #expect(error.message == "restoreDraft: route group editor is already in the stack (presentation composer) in session new")
        }
        try new.run(.dismissAll(source: .programmatic))
        let (_, newEvents) = try SheetDecider.decideRestore(
            from: reference, old: old.state, new: new.state, newPresentation: "edit-1b", at: 2)
        new.accept(newEvents)
        #expect(new.state.top?.id == "edit-1b")
    }

    @Test("restore and decline need a recoverable draft of the right session")
    func rejected() throws {
        var old = try Self.crashed()
        try old.run(.present(presentation: "clean", route: Routes.picker))
        let new = SessionState(sessionID: "new")
        for (reference, rule) in [
            (DraftReference(session: "old", presentation: "nope"), "presentation nope does not exist"),
            (DraftReference(session: "old", presentation: "clean"), "presentation clean is not a recoverable draft (status open, clean)"),
            (DraftReference(session: "elsewhere", presentation: "edit-1"), "belongs to session elsewhere"),
        ] {
            do {
                _ = try SheetDecider.decideRestore(from: reference, old: old.state, new: new, at: 1)
                Issue.record("restore of \(reference) accepted")
            } catch {
                #expect(error.code == .ruleViolation)
                #expect(error.context.operation == "restoreDraft")
                #expect(error.message.contains(rule), "\(error.message)")
            }
        }
        old.expectRejected(.declineDraft(from: DraftReference(session: "old", presentation: "clean")), "is not a recoverable draft")
        old.expectRejected(.declineDraft(from: DraftReference(session: "new", presentation: "edit-1")), "belongs to session new")
        old.expectRejected(.restoreDraft(from: DraftReference(session: "new", presentation: "edit-1")), "belongs to another session")
        #expect(throws: SheetLogError.self) {
            try SheetDecider.decideRestore(from: DraftReference(session: "old", presentation: "edit-1"), old: old.state,
                                           new: old.state, at: 1)
        }
    }

    @Test("decline only once, and it works in an ended session")
    func declineOnce() throws {
        var old = try Self.crashed()
        try old.run(.endSession)
        #expect(old.state.recoverableDrafts.map(\.reason) == [.open])
        let reference = DraftReference(session: "old", presentation: "edit-1")
        let events = try old.run(.declineDraft(from: reference))
        #expect(events.map(\.kind) == [.declineDraft(.init(presentation: "edit-1"))])
        #expect(old.state.presentation("edit-1")?.status == .declined)
        #expect(old.state.recoverableDrafts.isEmpty)
        old.expectRejected(.declineDraft(from: reference), "is not a recoverable draft (status declined, dirty)")
    }

    @Test("an abandoned draft is restored within its own session under a new id, once")
    func restoreSameSession() throws {
        var session = SessionHarness()
        try session.runAll([.presentNewExpense("p1"), .edit(field: "amount", value: "9"), .attemptDismiss(source: .programmatic)])
        let reference = DraftReference(session: "s1", presentation: "p1")
        #expect(session.state.recoverableDraft("p1")?.reason == .abandoned)
        session.expectRejected(.restoreDraft(from: reference), "presentation p1 is already used")
        let events = try session.run(.restoreDraft(from: reference, as: "p1-restored"))
        #expect(events.map(\.type) == [.restoreDraft, .present])
        #expect(session.state.top?.id == "p1-restored")
        #expect(session.state.top?.values["amount"] == "9")
        #expect(session.state.recoverableDrafts.map(\.presentation) == ["p1-restored"])
        session.expectRejected(.restoreDraft(from: reference, as: "again"), "is not a recoverable draft (status restored, dirty)")
    }

    @Test("endSession is a clean end: later commands are rejected, open dirty drafts stay recoverable")
    func endSession() throws {
        var session = SessionHarness()
        try session.runAll([.presentNewExpense("p1"), .edit(field: "amount", value: "3")])
        try session.run(.endSession)
        #expect(session.state.ended)
        #expect(session.state.endedAt == session.now)
        #expect(session.state.recoverableDrafts.map(\.presentation) == ["p1"])
        let rule = "no command is accepted after endSession"
        for command: SheetCommand in [
            .present(presentation: "p2", route: Routes.settings), .edit(field: "amount", value: "4"),
            .attemptDismiss(source: .programmatic), .dismissAll(source: .programmatic), .confirmDiscard(), .keepEditing(),
            .save(), .saveFailed(reason: "x"), .endSession,
            .restoreDraft(from: DraftReference(session: "s1", presentation: "p1"), as: "p3"),
        ] {
            session.expectRejected(command, rule)
        }
        // Restoring into an ended session is rejected by the new session's rules.
        let crashed = try Self.crashed()
        do {
            _ = try SheetDecider.decideRestore(
                from: DraftReference(session: "old", presentation: "edit-1"), old: crashed.state, new: session.state, at: 1)
            Issue.record("restore into an ended session accepted")
        } catch {
            #expect(error.message == "restoreDraft: \(rule) in session s1")
        }
    }
}
