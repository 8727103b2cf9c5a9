import Foundation
import Testing
import SheetLog

@Suite("Idempotent retries, batches and rejections")
struct IdempotencyTests {
    let database: SheetLogDatabase

    init() throws { database = try SheetLogDatabase.inMemory(options: testOptions()) }

    private func presentExpense() async throws {
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "s1", id: "c1", occurredAt: 5)
    }

    @Test("the same id with the same content returns the stored events and appends nothing")
    func sameContent() async throws {
        try await presentExpense()
        let first = try await database.record(.edit(field: "amount", value: "1"), in: "s1", id: "c2")
        let again = try await database.record(.edit(field: "amount", value: "1"), in: "s1", id: "c2")
        #expect(again.alreadyStored)
        #expect(again.events == first.events)
        #expect(again.state.version == 2)
        #expect(try await database.backend.lastPosition() == 2)
        let givenPresentation = try await database.record(.edit(field: "amount", value: "1", presentation: "p1"), in: "s1", id: "c2")
        #expect(givenPresentation.alreadyStored)
    }

    @Test("a retried dismissAll returns all its events")
    func retriedDismissAll() async throws {
        try await presentExpense()
        try await database.record(.present(presentation: "p2", route: .newFriend), in: "s1")
        let first = try await database.record(.dismissAll(source: .cancelButton), in: "s1", id: "all")
        let again = try await database.record(.dismissAll(source: .cancelButton), in: "s1", id: "all")
        #expect(again.alreadyStored && again.events == first.events && again.events.count == 2)
    }

    @Test("the same id with different content is a conflict naming the field", arguments: [
        (SheetCommand.edit(field: "amount", value: "2"), "value"),
        (SheetCommand.edit(field: "notes", value: "1"), "field"),
        (SheetCommand.edit(field: "amount", value: "1", presentation: "other"), "presentation"),
        (SheetCommand.attemptDismiss(source: .swipe), "command"),
    ])
    func differentContent(command: SheetCommand, field: String) async throws {
        try await presentExpense()
        try await database.record(.edit(field: "amount", value: "1"), in: "s1", id: "c2")
        let error = await #expect(throws: SheetLogError.self) { try await database.record(command, in: "s1", id: "c2") }
        #expect(error?.code == .idempotencyConflict)
        #expect(error?.context.field == field)
        #expect(error?.message.contains("command id c2 is already stored with different content (\(field))") == true)
        #expect(error?.message.contains("\"1\"") == false)
        #expect(try await database.backend.lastPosition() == 2)
    }

    @Test("a different session or time under a stored id is a conflict")
    func differentSessionOrTime() async throws {
        try await presentExpense()
        let present = SheetCommand.present(presentation: "p1", route: .newExpense)
        let otherSession = await #expect(throws: SheetLogError.self) { try await database.record(present, in: "s2", id: "c1") }
        #expect(otherSession?.context.field == "session")
        let otherTime = await #expect(throws: SheetLogError.self) {
            try await database.record(present, in: "s1", id: "c1", occurredAt: 6)
        }
        #expect(otherTime?.context.field == "occurredAt")
        #expect(try await database.record(present, in: "s1", id: "c1").alreadyStored)
    }

    @Test("a save's values are compared with the stored save")
    func saveValues() async throws {
        try await presentExpense()
        try await database.record(.edit(field: "amount", value: "3"), in: "s1")
        try await database.record(.save(), in: "s1", id: "save")
        #expect(try await database.record(.save(values: ["amount": "3"]), in: "s1", id: "save").alreadyStored)
        let error = await #expect(throws: SheetLogError.self) {
            try await database.record(.save(values: ["amount": "4"]), in: "s1", id: "save")
        }
        #expect(error?.context.field == "values")
    }

    @Test("a batch with a stored prefix appends only the new tail")
    func storedPrefix() async throws {
        let commands = [
            CommandEnvelope(session: "s1", command: .present(presentation: "p1", route: .newExpense), id: "a", occurredAt: 1),
            CommandEnvelope(session: "s1", command: .edit(field: "amount", value: "1"), id: "b", occurredAt: 2),
            CommandEnvelope(session: "s1", command: .edit(field: "amount", value: "2"), id: "c", occurredAt: 3),
        ]
        try await database.record(Array(commands.prefix(2)))
        let results = try await database.record(commands)
        #expect(results.map(\.alreadyStored) == [true, true, false])
        #expect(results[2].events.map(\.eventID) == ["c"])
        #expect(results[2].state.version == 3)
        #expect(try await database.backend.lastPosition() == 3)
    }

    @Test("a resent command that would decide nothing now is still recognised, alone or amid new ones",
          arguments: [false, true])
    func resentNoOpAmidNewCommands(withNewTail: Bool) async throws {
        // Re-deciding "b" against the current state gives no event (amount is already "1"): only the
        // id lookup can tell it was stored, so the batch must not be taken as all new.
        let stored = [
            CommandEnvelope(session: "s1", command: .present(presentation: "p1", route: .newExpense), id: "a", occurredAt: 1),
            CommandEnvelope(session: "s1", command: .edit(field: "amount", value: "1"), id: "b", occurredAt: 2),
        ]
        try await database.record(stored)
        let tail = withNewTail ? [CommandEnvelope(session: "s1", command: .edit(field: "note", value: "x"), id: "c", occurredAt: 3)] : []
        let results = try await database.record(Array(stored.suffix(1)) + tail)
        #expect(results.map(\.alreadyStored) == [true] + tail.map { _ in false })
        #expect(results[0].events.map(\.eventID) == ["b"])
        #expect(try await database.backend.lastPosition() == (withNewTail ? 3 : 2))
    }

    @Test("a batch is all or nothing: a rejected command in the middle appends nothing and names its index")
    func batchAllOrNothing() async throws {
        let error = await #expect(throws: SheetLogError.self) {
            try await database.record([
                CommandEnvelope(session: "s1", command: .present(presentation: "p1", route: .newExpense)),
                CommandEnvelope(session: "s1", command: .confirmDiscard()),
                CommandEnvelope(session: "s1", command: .edit(field: "amount", value: "1")),
            ])
        }
        #expect(error?.code == .ruleViolation)
        #expect(error?.context.line == 2)
        #expect(error?.message.contains("no confirmation is pending") == true)
        #expect(try await database.backend.lastPosition() == 0)
        #expect(try await database.state(of: "s1").version == 0)
    }

    @Test("each command of a batch is decided against the state the previous ones left")
    func batchDecidesInOrder() async throws {
        let results = try await database.record([
            CommandEnvelope(session: "s1", command: .present(presentation: "p1", route: .newExpense)),
            CommandEnvelope(session: "s1", command: .edit(field: "amount", value: "1")),
            CommandEnvelope(session: "s2", command: .present(presentation: "p1", route: .newExpense)),
            CommandEnvelope(session: "s1", command: .attemptDismiss(source: .swipe)),
        ])
        #expect(results.map(\.state.version) == [1, 2, 1, 3])
        #expect(results[3].state.top?.pendingConfirmation != nil)
        #expect(try await database.backend.readAll().map(\.position) == [1, 2, 3, 4])
    }

    @Test("rejected commands throw the domain's error and append nothing", arguments: [
        (SheetCommand.edit(field: "amount", value: "1"), "no sheet is presented"),
        (SheetCommand.keepEditing(), "no confirmation is pending"),
        (SheetCommand.save(presentation: "nope"), "no sheet is presented"),
    ])
    func rejected(command: SheetCommand, rule: String) async throws {
        try await database.record(.endSession, in: "other")
        let error = await #expect(throws: SheetLogError.self) { try await database.record(command, in: "s1") }
        #expect(error?.code == .ruleViolation)
        #expect(error?.message.contains(rule) == true)
        #expect(error?.message.contains("session s1") == true)
        #expect(try await database.backend.lastPosition() == 1)
    }

    @Test("a required field missing at save is named, and nothing is appended")
    func requiredField() async throws {
        try await database.record(.present(presentation: "p1", route: .newExpense, required: ["amount"]), in: "s1")
        let error = await #expect(throws: SheetLogError.self) { try await database.record(.save(), in: "s1") }
        #expect(error?.context.field == "amount")
        #expect(try await database.backend.lastPosition() == 1)
    }
}
