import Foundation
import GRDB
import Testing
import SheetLog
import SheetLogSQLite
import SheetLogTestSupport

/// Resending commands — a whole file again, or its tail after a crash — never changes the log.
@Suite("Resends of commands that appended nothing")
struct ResendTests {
    private static func edit(_ id: String, _ value: FieldValue, at time: Int64) -> CommandEnvelope {
        CommandEnvelope(session: "s", command: .edit(field: "amount", value: value), id: id, occurredAt: time)
    }

    private static let file = [
        CommandEnvelope(session: "s", command: .present(presentation: "p", route: .newExpense), id: "a", occurredAt: 1),
        edit("b", "10", at: 2),
        edit("c", "10", at: 3),  // changes nothing
        edit("d", "99", at: 4),
    ]

    @Test("edit 10, edit 10, edit 99 resent whole, one line at a time, or as a tail: the log does not change",
          arguments: ["whole", "lines", "tail"])
    func resendLeavesTheLogAsItWas(how: String) async throws {
        let directory = try TemporaryDirectory()
        let database = try SheetLogDatabase.open(path: directory.path(), options: testOptions())
        try await database.record(Self.file)
        let before = try await database.backend.readAll()
        #expect(before.count == 3)

        switch how {
        case "whole":
            let results = try await database.record(Self.file)
            #expect(results.allSatisfy { $0.alreadyStored })
        case "lines":
            for envelope in Self.file {
                #expect(try await database.record([envelope])[0].alreadyStored)
            }
        default:
            let results = try await database.record(Array(Self.file.suffix(2)))
            #expect(results.map(\.alreadyStored) == [true, true])
            #expect(results[0].events.isEmpty)
        }
        #expect(try await database.backend.readAll() == before)
        #expect(try await database.state(of: "s").top?.values["amount"] == "99")

        // Reopened, as a second ingest in a new process would.
        let reopened = try SheetLogDatabase.open(path: directory.path(), options: testOptions())
        #expect(try await reopened.record(Self.file).allSatisfy { $0.alreadyStored })
        #expect(try await reopened.backend.readAll() == before)
    }

    @Test("the id of a command that appended nothing cannot be reused for other content")
    func receiptConflict() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        try await database.record(Self.file)
        let conflicts: [CommandEnvelope] = [
            Self.edit("c", "11", at: 3),
            Self.edit("c", "10", at: 5),
            CommandEnvelope(session: "other", command: .edit(field: "amount", value: "10"), id: "c", occurredAt: 3),
            CommandEnvelope(session: "s", command: .keepEditing(), id: "c", occurredAt: 3),
        ]
        for envelope in conflicts {
            let error = await #expect(throws: SheetLogError.self) { try await database.record([envelope]) }
            #expect(error?.code == .idempotencyConflict)
            #expect(error.map { !$0.description.contains("11") } ?? true, "an error never prints a form value")
        }
        #expect(try await database.backend.lastPosition() == 3)
        // Without its own time, the resend is the same command.
        #expect(try await database.record([CommandEnvelope(session: "s", command: .edit(field: "amount", value: "10"), id: "c")])[0].alreadyStored)
    }

    @Test("the same no-op line twice in one batch is recorded once and recognised once")
    func duplicateNoOpInOneBatch() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let results = try await database.record(Array(Self.file.prefix(3)) + [Self.edit("c", "10", at: 3)])
        #expect(results.map(\.alreadyStored) == [false, false, false, true])
        #expect(try await database.record(Self.file).map(\.alreadyStored) == [true, true, true, false])
        #expect(try await database.state(of: "s").top?.values["amount"] == "99")
    }

    @Test("a receipt holds no form value in clear")
    func receiptHoldsNoValue() async throws {
        let directory = try TemporaryDirectory()
        let database = try SheetLogDatabase.open(path: directory.path(), options: testOptions())
        try await database.record([
            CommandEnvelope(session: "s", command: .present(presentation: "p", route: .newExpense), id: "a", occurredAt: 1),
            Self.edit("b", "secret-marker-4711", at: 2),
            Self.edit("c", "secret-marker-4711", at: 3),
        ])
        let rows = try database.sqliteStore.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM command_receipts")
        }
        #expect(rows.count == 1)
        #expect(rows.first?["command_id"] == "c")
        #expect(!rows.description.contains("secret-marker"))
    }

    @Test("an id with '#' is refused: X#2 would be taken for the second event of command X",
          arguments: ["X#2", "#", "a#b"])
    func hashInIDIsRefused(id: String) async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let batch = [
            CommandEnvelope(session: "s", command: .present(presentation: "p", route: .newExpense), id: "first", occurredAt: 1),
            CommandEnvelope(session: "s", command: .edit(field: "amount", value: "1"), id: id, occurredAt: 2),
        ]
        let error = await #expect(throws: SheetLogError.self) { try await database.record(batch) }
        #expect(error?.code == .invalidInput)
        #expect(error?.context.line == 2)
        #expect(error?.description.contains("'#'") == true)
        #expect(try await database.backend.lastPosition() == 0)
    }

    @Test("an id given twice in one batch is one command: a repeated dismissAll is recognised, not decided again")
    func repeatedIDInOneBatch() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let dismissAll = CommandEnvelope(session: "s", command: .dismissAll(source: .cancelButton), id: "d2", occurredAt: 3)
        let results = try await database.record([
            CommandEnvelope(session: "s", command: .present(presentation: "a", route: Route(name: "r1")), id: "p1", occurredAt: 1),
            CommandEnvelope(session: "s", command: .present(presentation: "b", route: Route(name: "r2")), id: "p2", occurredAt: 2),
            dismissAll, dismissAll,
        ])
        #expect(results.map(\.alreadyStored) == [false, false, false, true])
        #expect(results[3].events.map(\.eventID) == results[2].events.map(\.eventID))
        #expect(results[3].events.count == 2)
        #expect(try await database.backend.lastPosition() == 4)
    }

    @Test("an id given twice in one batch with other content is refused, and nothing is stored")
    func repeatedIDWithOtherContent() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let batch = [
            CommandEnvelope(session: "s", command: .present(presentation: "p", route: .newExpense, baseline: ["g": "w"]), id: "k0", occurredAt: 1),
            CommandEnvelope(session: "s", command: .edit(field: "f", value: "v"), id: "k1", occurredAt: 2),
            CommandEnvelope(session: "s", command: .edit(field: "g", value: "w"), id: "k1", occurredAt: 3),  // a no-op under k1
        ]
        let error = await #expect(throws: SheetLogError.self) { try await database.record(batch) }
        #expect(error?.code == .idempotencyConflict)
        #expect(error?.context.line == 3)
        #expect(try await database.backend.lastPosition() == 0)
    }

    @Test("the same id recorded by tasks at once (one group commit) is stored once and recognised by the others")
    func repeatedIDInOneGroup() async throws {
        for _ in 0..<5 {
            let directory = try TemporaryDirectory()
            var options = testOptions()
            options.durability = .full
            let database = try SheetLogDatabase.open(path: directory.path(), options: options)
            try await database.record(.present(presentation: "p", route: .newExpense), in: "s")
            let results = try await withThrowingTaskGroup(of: RecordResult.self) { group in
                group.addTask { try await database.record(.edit(field: "other", value: "x"), in: "s") }
                for _ in 0..<3 { group.addTask { try await database.record(.edit(field: "f", value: "v"), in: "s", id: "k1") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let k1 = results.filter { $0.events.first?.eventID == "k1" || $0.events.isEmpty }
            #expect(k1.count == 3)
            #expect(k1.filter { !$0.alreadyStored }.count == 1)
            #expect(k1.allSatisfy { $0.events.map(\.eventID) == ["k1"] })
            let receipts = try await database.sqliteStore.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM command_receipts") }
            #expect(receipts == 0)
            #expect(try await database.backend.lastPosition() == 3)
        }
    }
}
