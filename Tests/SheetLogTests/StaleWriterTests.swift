import Foundation
import Testing
import SheetLog
import SheetLogTestSupport

/// A long-lived writer (an app) and another one (its extension, another process) on one file: every
/// decision of the first is made on the session as stored, never on what it cached before.
@Suite("A writer whose cache another writer outdated")
struct StaleWriterTests {
    private func twoWriters() throws -> (TemporaryDirectory, app: SheetLogDatabase, extension: SheetLogDatabase) {
        let directory = try TemporaryDirectory()
        return (directory, try SheetLogDatabase.open(path: directory.path(), options: testOptions()),
                try SheetLogDatabase.open(path: directory.path(), options: testOptions()))
    }

    @Test("an edit back to the value the cache holds is recorded when another writer changed the field")
    func editBackIsNotDropped() async throws {
        let (directory, app, other) = try twoWriters()
        _ = directory
        try await app.record(.present(presentation: "expense", route: .newExpense), in: "s")
        try await app.record(.edit(field: "amount", value: "10"), in: "s")
        try await other.record(.edit(field: "amount", value: "99"), in: "s")

        let result = try await app.record(.edit(field: "amount", value: "10"), in: "s")
        #expect(result.events.count == 1, "the edit to 10 was dropped as a no-op on a stale state")
        #expect(result.state.version == 4)
        #expect(try await other.state(of: "s").top?.values["amount"] == "10")
    }

    @Test("an edit after another writer presented a sheet is not refused as 'no sheet is presented'")
    func editAfterAnotherPresent() async throws {
        let (directory, app, other) = try twoWriters()
        _ = directory
        try await app.record(.present(presentation: "expense", route: .newExpense), in: "s")
        try await app.record(.attemptDismiss(source: .cancelButton), in: "s")  // the app's cache: empty stack
        try await other.record(.present(presentation: "friend", route: .newFriend), in: "s")

        let result = try await app.record(.edit(field: "name", value: "Ada"), in: "s")
        #expect(result.state.top?.id == "friend")
        #expect(result.state.top?.values["name"] == "Ada")
        #expect(result.state.version == 4)
    }

    @Test("a rule the stored session breaks is enforced even when the cache says otherwise")
    func rejectionOnTheStoredSession() async throws {
        let (directory, app, other) = try twoWriters()
        _ = directory
        try await app.record(.present(presentation: "expense", route: .newExpense), in: "s")
        try await other.record(.attemptDismiss(source: .cancelButton), in: "s")  // gone, but the app's cache has it
        await #expect(throws: SheetLogError.self) {
            try await app.record(.edit(field: "amount", value: "1"), in: "s")
        }
        #expect(try await app.backend.readStream("s").count == 2)
    }

    @Test("the coordinator's load() shows what another writer recorded")
    @MainActor
    func loadSeesTheOtherWriter() async throws {
        let (directory, app, other) = try twoWriters()
        _ = directory
        let coordinator = SheetCoordinator(database: app, session: "s")
        await coordinator.present("expense", route: .newExpense)
        try await other.record(.edit(field: "amount", value: "5"), in: "s")
        #expect(await coordinator.load())
        #expect(coordinator.values["amount"] == "5")
    }

    @Test("an append made through the store itself, past the facade, is seen by the next decision")
    func appendPastTheFacade() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        try await database.record(.present(presentation: "expense", route: .newExpense), in: "s")
        try await database.record(.edit(field: "amount", value: "10"), in: "s")
        let other = try SheetLogDatabase.inMemory(options: testOptions())
        try await other.record(.present(presentation: "expense", route: .newExpense), in: "s")
        try await other.record(.edit(field: "amount", value: "10"), in: "s")
        let edit = try await other.record(.edit(field: "amount", value: "99"), in: "s").events[0]
        // The same event appended through the escape hatch: the facade did not decide it.
        _ = try await database.backend.append(
            [EventData(eventID: "hatch", type: edit.type, schemaVersion: edit.schemaVersion, payload: edit.payload,
                       metadata: nil, occurredAt: edit.occurredAt)],
            to: "s", expecting: .exact(2))
        let result = try await database.record(.edit(field: "amount", value: "10"), in: "s")
        #expect(result.events.count == 1)
        #expect(result.state.version == 4)
    }

    @Test("a command refused because another writer moved the session on shows the session as stored")
    @MainActor
    func refusalShowsTheStoredSession() async throws {
        let (directory, app, other) = try twoWriters()
        _ = directory
        let coordinator = SheetCoordinator(database: app, session: "s")
        await coordinator.present("expense", route: .newExpense)
        await coordinator.edit("amount", to: "12")
        await coordinator.attemptDismiss(source: .swipe)
        #expect(coordinator.pendingConfirmation != nil)
        try await other.record(.confirmDiscard(), in: "s")  // the other window answered the dialog

        #expect(await coordinator.edit("amount", to: "13") == false)
        #expect(coordinator.lastError?.code == .ruleViolation)
        #expect(coordinator.presentedSheet == nil)
        #expect(coordinator.pendingConfirmation == nil)
        #expect(coordinator.state == (try await app.state(of: "s")))
    }
}
