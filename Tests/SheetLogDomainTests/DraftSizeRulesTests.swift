import SheetLogDomain
import Testing

/// The size rules by example: which command is refused, with which words.
@Suite("draft size rules")
struct DraftSizeRulesTests {
    static let big = FieldValue.string("val-secret" + String(repeating: "x", count: 40_000))

    @Test("a save with final values over the limit names the largest field")
    func saveWithValues() throws {
        var session = SessionHarness()
        try session.run(.present(presentation: "p1", route: Routes.newFriend))
        session.expectRejected(
            .save(values: ["a": Self.big, "b": Self.big, "c": "1"]), "save: the values of presentation p1 take 80074 bytes (largest field: a), over the limit of 65536",
            code: .payloadTooLarge)
    }

    @Test("a baseline that could not be restored is refused when presented")
    func presentBaseline() {
        let session = SessionHarness()
        session.expectRejected(
            .present(presentation: "p1", route: Routes.newFriend, baseline: ["notes": Self.big]),
            "the baseline of presentation p1 would take ", code: .payloadTooLarge)
    }

    @Test("field names and ids longer than an identifier are refused")
    func longNames() throws {
        var session = SessionHarness()
        let long = String(repeating: "n", count: 257)
        session.expectRejected(.present(presentation: long, route: Routes.newFriend), "presentation id is longer than 256 bytes", code: .invalidInput)
        session.expectRejected(
            .present(presentation: "p1", route: Routes.newFriend, baseline: [long: "1"]),
            "a field name of presentation p1 is longer than 256 bytes", code: .invalidInput)
        try session.run(.present(presentation: "p1", route: Routes.newFriend))
        session.expectRejected(.edit(field: long, value: "1"), "field name is longer than 256 bytes", code: .invalidInput)
        try session.run(.edit(field: String(repeating: "n", count: 256), value: "1"))
    }

    /// A draft past the limit, as a log from before the rule may hold: folded, not decided.
    @Test("a draft already past the limit may shrink, not grow; it cannot be restored but can be declined")
    func legacyDraft() throws {
        var session = SessionHarness()
        try session.run(.present(presentation: "p1", route: Routes.newFriend))
        session.accept([
            SheetEvent(occurredAt: 1, .edit(.init(presentation: "p1", field: "a", value: Self.big))),
            SheetEvent(occurredAt: 2, .edit(.init(presentation: "p1", field: "b", value: Self.big))),
        ])
        session.expectRejected(.edit(field: "c", value: "grow"), "field c would make the draft of presentation p1 take", code: .payloadTooLarge)
        try session.run(.edit(field: "b", value: "shrunk"))
        session.accept([SheetEvent(occurredAt: 3, .edit(.init(presentation: "p1", field: "b", value: Self.big)))])
        try session.run(.endSession)
        let draft = DraftReference(session: "s1", presentation: "p1")
        let error = #expect(throws: SheetLogError.self) {
            try SheetDecider.decideRestore(from: draft, old: session.state, new: SessionState(sessionID: "s2"), at: 9)
        }
        #expect(error?.code == .payloadTooLarge)
        #expect(error?.message.contains("the draft of presentation p1 would take") == true)
        #expect(error?.message.contains("(it can be declined)") == true)
        #expect(try SheetDecider.decide(.declineDraft(from: draft), state: session.state, at: 10).count == 1)
    }
}
