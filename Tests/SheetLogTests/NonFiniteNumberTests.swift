import Foundation
import SheetLog
import Testing

/// `FieldValue.number` holds any Double; the library refuses NaN and the infinities wherever a
/// value enters a command, before anything is written.
@Suite("non-finite numbers through the library")
struct NonFiniteNumberTests {
    static let commands: [SheetCommand] = [
        .edit(field: "amount", value: .number(.nan)),
        .edit(field: "amount", value: .number(.infinity)),
        .save(values: ["amount": .number(-.infinity)]),
        .present(presentation: "p2", route: .newFriend, baseline: ["amount": .number(.nan)]),
    ]

    @Test(arguments: commands.indices)
    func nonFiniteNumberIsRefused(_ index: Int) async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "s1")
        let error = await #expect(throws: SheetLogError.self) { try await database.record(Self.commands[index], in: "s1") }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.contains("holds a non-finite number") == true)
        #expect(try await database.backend.lastPosition() == 1)
    }
}

/// A NUL character in a form value: refused by the decider, naming the field (the store refuses NUL
/// too, but could only name an event id).
@Suite("NUL in form values through the library")
struct NULValueTests {
    static let commands: [SheetCommand] = [
        .edit(field: "amount", value: .string("a\u{0}b")),
        .save(values: ["amount": .string("\u{0}")]),
        .present(presentation: "p2", route: .newFriend, baseline: ["amount": .string("x\u{0}")]),
    ]

    @Test(arguments: commands.indices)
    func nulIsRefusedNamingTheField(_ index: Int) async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "s1")
        let error = await #expect(throws: SheetLogError.self) { try await database.record(Self.commands[index], in: "s1") }
        #expect(error?.code == .invalidInput)
        #expect(error?.context.field == "amount")
        #expect(error?.message.contains("NUL character") == true)
        #expect(try await database.backend.lastPosition() == 1)
    }
}
