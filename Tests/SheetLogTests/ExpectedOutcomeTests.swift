import Foundation
import SheetLog
import SheetLogTestSupport
import Testing

/// A claimed outcome is a precondition decided in the append's transaction, as every rule is:
/// through the facade, in a batch, for a resend, and from two handles on one file.
@Suite("expected outcomes")
struct ExpectedOutcomeTests {
    static func swipe(_ expected: DismissOutcome?, id: String? = nil) -> CommandEnvelope {
        CommandEnvelope(session: "s1", command: .attemptDismiss(source: .swipe), id: id, expectedOutcome: expected)
    }

    static func dirtyDraft(in database: SheetLogDatabase) async throws {
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "s1")
        try await database.record(.edit(field: "amount", value: "47.50"), in: "s1")
    }

    @Test("a wrong claim is refused with nothing recorded; the right one records the decided event")
    func claim() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        try await Self.dirtyDraft(in: database)
        let before = try await database.backend.lastPosition()
        let refused = await #expect(throws: SheetLogError.self) { try await database.record([Self.swipe(.dismissed)]) }
        #expect(refused?.code == .ruleViolation && refused?.rule == .outcomeDiffers)
        #expect(refused?.context.field == "outcome" && refused?.context.presentation == "p1")
        #expect(refused?.message == "attemptDismiss: the command claims outcome dismissed but the state machine decides blocked in session s1")
        #expect(try await database.backend.lastPosition() == before)

        let recorded = try await database.record([Self.swipe(.blocked)])[0]
        guard case .attemptDismiss(let payload)? = recorded.events.first.map({ try? SheetEventCodec.decode($0) })??.kind else {
            Issue.record("no attemptDismiss"); return
        }
        #expect(payload.outcome == .blocked)
    }

    @Test("in a batch, a claim is decided against the state the commands before it leave, and a wrong one refuses the batch")
    func batch() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let present = CommandEnvelope(session: "s1", command: .present(presentation: "p1", route: .newExpense))
        let edit = CommandEnvelope(session: "s1", command: .edit(field: "amount", value: "1"))
        let refused = await #expect(throws: SheetLogError.self) { try await database.record([present, edit, Self.swipe(.dismissed)]) }
        #expect(refused?.context.line == 3 && refused?.rule == .outcomeDiffers)
        #expect(try await database.backend.lastPosition() == 0)
        let results = try await database.record([present, Self.swipe(.dismissed)])
        #expect(results.count == 2, "a clean draft's swipe dismisses it")
    }

    @Test("a resend claiming another outcome than the stored one is a conflict naming the outcome; the same claim is answered as stored")
    func resend() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        try await Self.dirtyDraft(in: database)
        _ = try await database.record([Self.swipe(.blocked, id: "swipe-1")])
        let again = try await database.record([Self.swipe(.blocked, id: "swipe-1")])[0]
        #expect(again.alreadyStored)
        let conflict = await #expect(throws: SheetLogError.self) { try await database.record([Self.swipe(.dismissed, id: "swipe-1")]) }
        #expect(conflict?.code == .idempotencyConflict && conflict?.message.contains("(outcome)") == true, "\(String(describing: conflict))")
        #expect(try await database.record([Self.swipe(nil, id: "swipe-1")])[0].alreadyStored, "no claim: nothing to compare")
    }

    @Test("decided in the transaction: a claim made on one handle sees what another handle appended just before")
    func twoHandles() async throws {
        let directory = try TemporaryDirectory("expected-outcome")
        let path = directory.path("log.sqlite")
        let first = try SheetLogDatabase.open(path: path, options: testOptions())
        let second = try SheetLogDatabase.open(path: path, options: testOptions())
        try await first.record(.present(presentation: "p1", route: .newExpense), in: "s1")
        // The first handle has folded a clean draft; the second makes it dirty behind its back.
        _ = try await first.state(of: "s1")
        try await second.record(.edit(field: "amount", value: "9"), in: "s1")
        let refused = await #expect(throws: SheetLogError.self) { try await first.record([Self.swipe(.dismissed)]) }
        #expect(refused?.rule == .outcomeDiffers)
        #expect(try await first.record([Self.swipe(.blocked)]).count == 1)
    }
}
