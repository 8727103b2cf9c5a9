import Foundation
import SheetLog
import Testing

/// What the SwiftUI and UIKit wiring of docs/app-integration.md relies on, through the coordinator:
/// a swipe the system let through is recorded and dismisses, a swipe on a locked sheet is blocked
/// and asks, and a swipe the log never hears of leaves the sheet up.
@Suite("SheetCoordinator and swipes")
@MainActor
struct CoordinatorSwipeTests {
    let database: SheetLogDatabase
    let coordinator: SheetCoordinator

    init() throws {
        database = try SheetLogDatabase.inMemory(options: testOptions())
        coordinator = SheetCoordinator(database: database, session: "window")
    }

    /// The sheet binding's setter of the SwiftUI example, as SwiftUI calls it after a swipe it let through.
    private func swiftUISetsTheSheetToNil() async {
        if let top = coordinator.presentedSheet {
            await coordinator.record(.attemptDismiss(source: .swipe, presentation: top.id))
        }
    }

    @Test("a clean sheet is unlocked, and its swipe, recorded by the binding, dismisses it")
    func cleanSwipeDismisses() async throws {
        await coordinator.present("expense-1", route: Route(name: "newExpense", group: "editor"), required: ["amount"])
        #expect(!coordinator.isDismissDisabled)
        await swiftUISetsTheSheetToNil()
        #expect(coordinator.presentedSheet == nil && coordinator.lastError == nil)
        let audit = try await database.audit()
        #expect(audit.map(\.source) == [.swipe] && audit.map(\.outcome) == [.dismissed])
        // The group is free again.
        #expect(await coordinator.present("expense-2", route: Route(name: "newExpense", group: "editor")))
    }

    @Test("a swipe the log never hears of (a setter that ignores nil) leaves the sheet up and its group taken")
    func unrecordedSwipeLeavesTheSheet() async throws {
        await coordinator.present("expense-1", route: Route(name: "newExpense", group: "editor"))
        // SwiftUI took the sheet away, the setter did nothing: the log still has it.
        #expect(coordinator.presentedSheet?.id == "expense-1")
        #expect(try await database.audit().isEmpty)
        #expect(await coordinator.present("expense-2", route: Route(name: "newExpense", group: "editor")) == false)
        #expect(coordinator.lastError?.code == .ruleViolation)
    }

    @Test("a dirty sheet is locked; its swipe, reported by UIKit's delegate, is blocked and asks with Save")
    func dirtySwipeIsBlockedAndAsks() async throws {
        await coordinator.present("expense-1", route: Route(name: "newExpense", group: "editor"), required: ["amount"])
        await coordinator.edit("amount", to: "47.50")
        #expect(coordinator.isDismissDisabled)
        #expect(await coordinator.attemptDismiss(source: .swipe))
        #expect(coordinator.presentedSheet?.id == "expense-1")
        #expect(coordinator.pendingConfirmation == PendingConfirmation(source: .swipe, offersSave: true))
        #expect(await coordinator.save())
        #expect(coordinator.presentedSheet == nil)
        #expect(try await database.audit().map(\.resolution) == [.saved])
    }

    @Test("Cancel on a dirty sheet asks without Save; Keep Editing keeps the draft")
    func cancelAsksWithoutSave() async throws {
        await coordinator.present("expense-1", route: Route(name: "newExpense"), required: ["amount"])
        await coordinator.edit("amount", to: "47.50")
        await coordinator.attemptDismiss(source: .cancelButton)
        #expect(coordinator.pendingConfirmation == PendingConfirmation(source: .cancelButton, offersSave: false))
        #expect(await coordinator.save() == false)
        await coordinator.keepEditing()
        #expect(coordinator.pendingConfirmation == nil && coordinator.values["amount"] == "47.50")
    }

    @Test("a clean sheet under guard always is locked; its swipe is blocked without asking")
    func alwaysGuardBlocksWithoutAsking() async throws {
        await coordinator.present("friend", route: Route(name: "newFriend"), required: ["name"], guard: .always)
        #expect(coordinator.isDismissDisabled)
        await coordinator.attemptDismiss(source: .swipe)
        #expect(coordinator.presentedSheet?.id == "friend" && coordinator.pendingConfirmation == nil)
    }

    @Test("a nil written after the log took the sheet away records nothing")
    func nilAfterAStateDrivenDismissal() async throws {
        await coordinator.present("expense-1", route: Route(name: "newExpense"))
        await coordinator.attemptDismiss(source: .cancelButton)
        let version = coordinator.state.version
        await swiftUISetsTheSheetToNil()
        #expect(coordinator.state.version == version && coordinator.lastError == nil)
    }
}
