import Foundation
import Testing
import SheetLog

@Suite("SheetCoordinator")
@MainActor
struct CoordinatorTests {
    @Test("its properties follow the log after each command")
    func followsTheLog() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let coordinator = SheetCoordinator(database: database, session: "window")
        #expect(coordinator.presentedSheet == nil && !coordinator.isDismissDisabled)

        #expect(await coordinator.present("expense", route: .newExpense, required: ["amount"]))
        #expect(coordinator.presentedSheet?.id == "expense")
        #expect(!coordinator.isDismissDisabled)

        await coordinator.edit("amount", to: "12")
        #expect(coordinator.values == ["amount": "12"])
        #expect(coordinator.isDismissDisabled)

        await coordinator.attemptDismiss(source: .swipe)
        #expect(coordinator.pendingConfirmation == PendingConfirmation(source: .swipe, offersSave: true))
        #expect(coordinator.presentedSheet?.id == "expense")

        await coordinator.keepEditing()
        #expect(coordinator.pendingConfirmation == nil)

        await coordinator.present("help", route: Route(name: "help"))
        #expect(coordinator.stack.map(\.id) == ["expense", "help"])
        await coordinator.dismissAll(source: .cancelButton)
        #expect(coordinator.stack.map(\.id) == ["expense"])
        #expect(coordinator.pendingConfirmation?.offersSave == false)
        await coordinator.confirmDiscard()
        #expect(coordinator.presentedSheet == nil)
        #expect(coordinator.state == (try await database.state(of: "window")))
    }

    @Test("a rejected command keeps the state and sets lastError; the next accepted one clears it")
    func rejection() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let coordinator = SheetCoordinator(database: database, session: "window")
        await coordinator.present("friend", route: .newFriend, required: ["name"])
        let before = coordinator.state
        #expect(await coordinator.save() == false)
        #expect(coordinator.lastError?.code == .ruleViolation)
        #expect(coordinator.lastError?.context.field == "name")
        #expect(coordinator.state == before)
        await coordinator.edit("name", to: "Ada")
        #expect(coordinator.lastError == nil)
        await coordinator.saveFailed(reason: "offline")
        #expect(coordinator.presentedSheet?.id == "friend")
        await coordinator.save()
        #expect(coordinator.presentedSheet == nil)
        await coordinator.endSession()
        #expect(coordinator.state.ended)
    }

    @Test("load reads what another writer recorded")
    func load() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        try await database.record(.present(presentation: "p", route: .newExpense), in: "window")
        let coordinator = SheetCoordinator(database: database, session: "window")
        #expect(await coordinator.load())
        #expect(coordinator.presentedSheet?.id == "p")
    }
}
