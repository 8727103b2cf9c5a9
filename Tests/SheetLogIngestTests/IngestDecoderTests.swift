import SheetLogDomain
import SheetLogIngest
import Testing

@Suite("Ingest decoder")
struct IngestDecoderTests {
    let decoder = IngestDecoder()

    private func decode(_ text: String) throws -> IngestLine {
        try decoder.decode(Array(text.utf8), line: 1)
    }

    @Test func presentWithEveryField() throws {
        let line = try decode(
            #"{"session":"s1","type":"present","presentation":"p1","route":{"name":"newExpense","group":"editor","params":{"itemID":"9"}},"baseline":{"n":1.5,"b":true,"z":null},"required":["amount"],"guard":"always","id":"e1","at":"2026-01-01T00:00:01.250Z"}"#
        )
        #expect(line.session == "s1")
        #expect(line.id == "e1")
        #expect(line.occurredAt == 1_767_225_601_250)
        #expect(
            line.command
                == .present(
                    presentation: "p1", route: Route(name: "newExpense", group: "editor", params: ["itemID": "9"]),
                    baseline: ["n": .number(1.5), "b": .bool(true), "z": .null], required: ["amount"], guard: .always))
    }

    @Test func defaultsOfPresent() throws {
        let line = try decode(#"{"session":"s1","type":"present","presentation":"p1","route":{"name":"friend"}}"#)
        #expect(line.command == .present(presentation: "p1", route: Route(name: "friend")))
        #expect(line.id == nil && line.occurredAt == nil)
    }

    @Test func attemptDismissKeepsTheClaimedOutcome() throws {
        let line = try decode(#"{"session":"s1","type":"attemptDismiss","source":"swipe","outcome":"blocked"}"#)
        #expect(line.command == .attemptDismiss(source: .swipe))
        #expect(line.expectedOutcome == .blocked)
    }

    @Test func editToNullIsAValue() throws {
        let line = try decode(#"{"session":"s1","type":"edit","field":"notes","value":null,"presentation":"p1"}"#)
        #expect(line.command == .edit(field: "notes", value: .null, presentation: "p1"))
    }

    @Test func restoreAndDeclineNameTheDraft() throws {
        let restore = try decode(#"{"session":"s2","type":"restoreDraft","from":{"session":"s1","presentation":"p1"},"presentation":"p9"}"#)
        #expect(restore.command == .restoreDraft(from: DraftReference(session: "s1", presentation: "p1"), as: "p9"))
        let decline = try decode(#"{"session":"s1","type":"declineDraft","from":{"session":"s1","presentation":"p1"}}"#)
        #expect(decline.command == .declineDraft(from: DraftReference(session: "s1", presentation: "p1")))
    }

    @Test func timeZoneOffsetsAreConverted() throws {
        let line = try decode(#"{"session":"s1","type":"endSession","at":"2026-01-01T01:00:00+01:00"}"#)
        #expect(line.occurredAt == 1_767_225_600_000)
    }

    @Test func everyTypeRoundTripsThroughTheEncoder() throws {
        let reference = DraftReference(session: "s0", presentation: "p0")
        let commands: [SheetCommand] = [
            .present(presentation: "p1", route: Route(name: "n", group: "g", params: ["k": "v"]), baseline: ["a": "x"], required: ["a"], guard: .never),
            .edit(field: "a", value: .null), .edit(field: "a", value: 2.5, presentation: "p1"),
            .attemptDismiss(source: .cancelButton, presentation: "p1"), .dismissAll(source: .programmatic),
            .confirmDiscard(), .keepEditing(presentation: "p1"), .save(), .save(values: ["a": true], presentation: "p1"),
            .saveFailed(reason: "offline"), .restoreDraft(from: reference, as: nil), .restoreDraft(from: reference, as: "p2"),
            .declineDraft(from: reference), .endSession,
        ]
        for (index, command) in commands.enumerated() {
            let line = IngestLine(session: "s1", command: command, id: "e\(index)", occurredAt: 1_767_225_600_123 + Int64(index))
            let text = try IngestEncoder.encode(line)
            #expect(try decoder.decode(Array(text.utf8), line: index + 1) == line, "\(text)")
        }
    }

    @Test func timesFormatWithMilliseconds() {
        #expect(ISO8601Milliseconds.format(1_767_225_600_250) == "2026-01-01T00:00:00.250Z")
        #expect(ISO8601Milliseconds.format(0) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601Milliseconds.format(-1) == "1969-12-31T23:59:59.999Z")
        #expect(ISO8601Milliseconds.parse("2024-02-29T23:59:59.9Z") == 1_709_251_199_900)
        #expect(ISO8601Milliseconds.parse(ISO8601Milliseconds.format(951_782_400_007)) == 951_782_400_007)
    }
}
