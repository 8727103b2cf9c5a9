import Foundation
import Testing
import SheetLog
import SheetLogTestSupport

/// DESIGN.md's flows, end to end on a SQLite file.
@Suite("Design flows on a file")
struct DesignFlowTests {
    let directory: TemporaryDirectory
    let database: SheetLogDatabase

    init() throws {
        directory = try TemporaryDirectory()
        database = try SheetLogDatabase.open(path: directory.path(), options: testOptions())
    }

    @Test("new expense: swipe blocked with Save offered, confirmDiscard, audit names the lost fields")
    func newExpenseDiscarded() async throws {
        let s = database.session("s1")
        try await s.record(.present(presentation: "expense", route: .newExpense, required: ["amount"]))
        try await s.record(.edit(field: "amount", value: "47.50"))
        try await s.record(.edit(field: "category", value: "food"))
        try await s.record(.edit(field: "notes", value: "lunch"))
        let swipe = try await s.record(.attemptDismiss(source: .swipe))
        #expect(swipe.state.top?.pendingConfirmation == PendingConfirmation(source: .swipe, offersSave: true))
        let discard = try await s.record(.confirmDiscard())
        #expect(discard.state.stack.isEmpty)
        #expect(discard.state.presentation("expense")?.status == .discarded)

        let audit = try await database.audit(AuditQuery(session: "s1"))
        #expect(audit.count == 1)
        #expect(audit.first?.outcome == .blocked)
        #expect(audit.first?.resolution == .discarded)
        #expect(audit.first?.changedFields == ["amount", "category", "notes"])
        #expect(try await database.dismissalsThatDiscardedUnsavedData().map(\.presentation) == ["expense"])
        #expect(try await database.recoverableDrafts().isEmpty)
    }

    @Test("Cancel on an empty form dismisses cleanly without a confirmation")
    func cancelEmptyForm() async throws {
        let s = database.session("s1")
        try await s.record(.present(presentation: "expense", route: .newExpense))
        let cancel = try await s.record(.attemptDismiss(source: .cancelButton))
        #expect(cancel.state.stack.isEmpty)
        let record = try #require(try await database.audit().first)
        #expect(record.outcome == .dismissed && !record.confirmation && !record.dirty)
    }

    @Test("friend creation: guard always blocks even a clean swipe; Cancel leaves no saved record")
    func friendCreation() async throws {
        let s = database.session("s1")
        try await s.record(.present(presentation: "friend", route: .newFriend, required: ["name"], guard: .always))
        let swipe = try await s.record(.attemptDismiss(source: .swipe))
        #expect(swipe.state.top?.id == "friend")
        #expect(swipe.state.top?.pendingConfirmation == nil)
        try await s.record(.edit(field: "name", value: "Ada"))
        try await s.record(.attemptDismiss(source: .cancelButton))
        let discard = try await s.record(.confirmDiscard())
        #expect(discard.state.presentation("friend")?.status == .discarded)
        #expect(try await database.stats().eventsByType["save"] == nil)
    }

    @Test("editor group: composer and editProfile are never up together; the rejection appends nothing")
    func editorGroup() async throws {
        let s = database.session("s1")
        try await s.record(.present(presentation: "composer", route: .composer))
        let before = try await database.backend.lastPosition()
        await #expect(throws: SheetLogError.self) {
            try await s.record(.present(presentation: "profile", route: .editProfile))
        }
        do {
            try await s.record(.present(presentation: "profile", route: .editProfile))
        } catch let error as SheetLogError {
            #expect(error.code == .ruleViolation)
            #expect(error.message.contains("route group editor is already in the stack"))
            #expect(error.context.stream == "s1")
        }
        #expect(try await database.backend.lastPosition() == before)
        #expect(try await s.state().stackIDs == ["composer"])
    }

    @Test("stacked sheets: dismissAll stops at the dirty one")
    func dismissAllStopsAtDirty() async throws {
        let s = database.session("s1")
        try await s.record(.present(presentation: "list", route: Route(name: "list")))
        try await s.record(.present(presentation: "expense", route: .newExpense))
        try await s.record(.edit(field: "amount", value: "12"))
        try await s.record(.present(presentation: "help", route: Route(name: "help")))
        let result = try await s.record(.dismissAll(source: .swipe))
        #expect(result.events.count == 2)
        #expect(result.state.stackIDs == ["list", "expense"])
        #expect(result.state.top?.pendingConfirmation?.offersSave == true)
    }

    @Test("a crash mid-typing is recovered in a new session after reopening the file; restore and decline only once")
    func crashRecovery() async throws {
        let path = directory.path("crash.sqlite")
        do {
            let before = try SheetLogDatabase.open(path: path, options: testOptions())
            try await before.record(.present(presentation: "expense", route: .newExpense, required: ["amount"]), in: "s1")
            try await before.record(.edit(field: "amount", value: "47.50"), in: "s1")
            try await before.record(.edit(field: "paid", value: true), in: "s1")
            try await before.record(.present(presentation: "friend", route: .newFriend), in: "s2")
            try await before.record(.edit(field: "name", value: "Ada"), in: "s2")
        }  // the app dies: nothing more is recorded
        let after = try SheetLogDatabase.open(path: path, options: testOptions())
        let drafts = try await after.recoverableDrafts()
        #expect(drafts.map(\.reference) == [DraftReference(session: "s1", presentation: "expense"),
                                             DraftReference(session: "s2", presentation: "friend")])
        let expense = try #require(drafts.first)
        #expect(expense.values == ["amount": "47.50", "paid": true])
        #expect(expense.reason == .open)

        let restored = try await after.restoreDraft(expense.reference, into: "s3", as: "expense-restored")
        #expect(restored.state.top?.values == ["amount": "47.50", "paid": true])
        #expect(restored.state.top?.restoredFrom == expense.reference)
        #expect(restored.events.map(\.stream) == ["s1", "s3"])
        await #expect(throws: SheetLogError.self) { try await after.restoreDraft(expense.reference, into: "s3", as: "again") }

        try await after.declineDraft(DraftReference(session: "s2", presentation: "friend"))
        await #expect(throws: SheetLogError.self) { try await after.declineDraft(DraftReference(session: "s2", presentation: "friend")) }
        #expect(try await after.recoverableDrafts().map(\.reference) == [DraftReference(session: "s3", presentation: "expense-restored")])
    }

    @Test("a report sheet keeps its route parameters")
    func reportWithItemID() async throws {
        let route = Route(name: "report", params: ["itemID": "123"])
        let result = try await database.record(.present(presentation: "report", route: route), in: "s1")
        #expect(result.state.top?.route.params == ["itemID": "123"])
        try await database.record(.edit(field: "reason", value: "spam"), in: "s1")
        let drafts = try await database.recoverableDrafts()
        #expect(drafts.first?.route == route)
        #expect(try await database.state(of: "s1").top?.route.params["itemID"] == "123")
    }
}
