import Foundation
import SheetLog
import Testing

/// Recovery at launch offers what earlier launches left, never a sheet that a window of the running
/// app still shows (an iPad with two windows, one of them typing).
@Suite struct LaunchRecoveryTests {
    @Test func recoveryLeavesTheRunningAppsWindowsAlone() async throws {
        let files = try AppFiles()
        let path = files.path("drafts.sqlite")
        // The earlier launch died with a draft on screen.
        let earlier = try SheetLogDatabase.open(path: path)
        let old = SheetCoordinator(database: earlier, session: "launch1-window-A")
        await old.present("expense-\(UUID().uuidString)", route: Route(name: "newExpense"))
        await old.edit("amount", to: "47.50")
        try earlier.close()

        // This launch: window B is typing before window A asks for recovery.
        let database = try SheetLogDatabase.open(path: path)
        let typing = SheetCoordinator(database: database, session: "launch2-window-B")
        let typingSheet = "expense-\(UUID().uuidString)"
        #expect(await typing.present(typingSheet, route: Route(name: "newExpense")))
        #expect(await typing.edit("amount", to: "12.00"))

        let offered = try await database.recoverableDrafts()
        #expect(offered.map(\.session) == ["launch1-window-A"], "the live window's sheet is not offered")

        // Even asked by name, the live window's sheet is not taken from it.
        do {
            try await database.restoreDraft(DraftReference(session: "launch2-window-B", presentation: typingSheet), into: "launch2-window-C")
            Issue.record("a live window's sheet was restored elsewhere")
        } catch let error as SheetLogError {
            #expect(error.rule == .draftHeldByLiveSession)
        }
        do {
            try await database.declineDraft(DraftReference(session: "launch2-window-B", presentation: typingSheet))
            Issue.record("a live window's sheet was declined")
        } catch let error as SheetLogError {
            #expect(error.rule == .draftHeldByLiveSession)
        }
        #expect(await typing.edit("amount", to: "12.50"), "the live window keeps typing")

        // The earlier launch's draft comes back, with a new id that no window of this launch uses.
        let draft = try #require(offered.first)
        let restored = try await database.restoreDraft(draft.reference, into: "launch2-window-A", as: "expense-\(UUID().uuidString)")
        #expect(restored.state.top?.values["amount"] == "47.50")
        let windowA = SheetCoordinator(database: database, session: "launch2-window-A")
        #expect(await windowA.load())
        #expect(windowA.values["amount"] == "47.50")

        // Once window B's session ends (its window closed), its open draft is a draft like any other;
        // window A's restored draft, on screen, is not offered.
        #expect(await typing.endSession())
        #expect(try await database.recoverableDrafts().map(\.session) == ["launch2-window-B"])
    }
}
