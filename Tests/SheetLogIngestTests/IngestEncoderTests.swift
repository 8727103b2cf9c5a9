import Foundation
import SheetLogDomain
import SheetLogIngest
import Testing

/// Export lines are written by the package's one JSON writer: byte for byte what `JSONEncoder`
/// wrote with `[.sortedKeys, .withoutEscapingSlashes]` before, for every command type.
@Suite("Ingest encoder")
struct IngestEncoderTests {
    static let texts = ["", "47.50", "a/b", "quote \" back \\ tab \t nl \n ff \u{0C} us \u{1F} del \u{7F}", "é 😀 \u{2028}", "Zebra", "_z", "a10", "a9"]
    static let numbers: [Double] = [0, -0.0, 12, -3.5, 0.1, 1e-7, 1e16, 9_007_199_254_740_992, 1.5e300, .leastNonzeroMagnitude, 0.30000000000000004]

    static func lines() -> [IngestLine] {
        let values: [String: FieldValue] = Dictionary(uniqueKeysWithValues: texts.enumerated().map { ("f\($0.offset)\($0.element)", .string($0.element)) }
            + numbers.enumerated().map { ("n\($0.offset)", .number($0.element)) } + [("b", .bool(false)), ("z", .null)])
        let route = Route(name: "new/expense", group: "editor", params: ["Item": "7", "a9": "x\ny", "a10": ""])
        let draft = DraftReference(session: "s/old", presentation: "p\"1")
        let commands: [SheetCommand] = [
            .present(presentation: "p1", route: route, baseline: values, required: ["a", "B"], guard: .always),
            .present(presentation: "p2", route: Route(name: "r")),
            .edit(field: "amount", value: .null), .edit(field: "amount", value: .number(-0.0), presentation: "p1"),
            .attemptDismiss(source: .swipe), .attemptDismiss(source: .programmatic, presentation: "p1"), .dismissAll(source: .cancelButton),
            .confirmDiscard(), .keepEditing(presentation: "p1"), .save(), .save(values: values, presentation: "p1"),
            .saveFailed(reason: texts[3]), .restoreDraft(from: draft), .restoreDraft(from: draft, as: "p3"), .declineDraft(from: draft),
            .endSession,
        ]
        return commands.enumerated().flatMap { index, command in
            [IngestLine(session: "s\(index)", command: command),
             IngestLine(session: "s/\(index)", command: command, id: "id-\(index)", occurredAt: 1_767_225_601_250 + Int64(index),
                        expectedOutcome: command.type == .attemptDismiss ? .blocked : nil)]
        }
    }

    @Test func writesWhatJSONEncoderWrote() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let lines = Self.lines()
        #expect(Set(lines.map(\.command.type)) == Set(SheetCommandType.allCases))
        for line in lines {
            let reference = String(decoding: try encoder.encode(ReferenceRecord(line)), as: UTF8.self)
            #expect(try IngestEncoder.encode(line) == reference)
            #expect(try IngestDecoder().decode(Array(try IngestEncoder.encode(line).utf8), line: 1) == line)
        }
    }

    @Test func nonFiniteNumberIsRefused() {
        let line = IngestLine(session: "s1", command: .edit(field: "amount", value: .number(.nan)), id: "e1")
        let error = #expect(throws: SheetLogError.self) { try IngestEncoder.encode(line) }
        #expect(error?.message == "a edit command of session s1 cannot be written as JSON (a non-finite number?)")
    }
}

/// The `Encodable` record the encoder wrote through `JSONEncoder` before: the reference.
private struct ReferenceRecord: Encodable {
    var session: String
    var type: String
    var id: String?
    var at: String?
    var presentation: String?
    var route: Route?
    var baseline: [String: FieldValue]?
    var required: [String]?
    var `guard`: DismissGuard?
    var field: String?
    var value: FieldValue?
    var source: DismissSource?
    var outcome: DismissOutcome?
    var values: [String: FieldValue]?
    var reason: String?
    var from: DraftReference?

    init(_ line: IngestLine) {
        session = line.session
        type = line.command.name
        id = line.id
        at = line.occurredAt.map(ISO8601Milliseconds.format)
        outcome = line.expectedOutcome
        switch line.command {
        case let .present(presentation, route, baseline, required, dismissGuard):
            (self.presentation, self.route, self.baseline, self.required, self.guard) = (presentation, route, baseline, required, dismissGuard)
        case let .edit(field, value, presentation): (self.field, self.value, self.presentation) = (field, value, presentation)
        case let .attemptDismiss(source, presentation): (self.source, self.presentation) = (source, presentation)
        case .dismissAll(let source): self.source = source
        case .confirmDiscard(let presentation), .keepEditing(let presentation): self.presentation = presentation
        case let .save(values, presentation): (self.values, self.presentation) = (values, presentation)
        case let .saveFailed(reason, presentation): (self.reason, self.presentation) = (reason, presentation)
        case let .restoreDraft(from, newPresentation): (self.from, self.presentation) = (from, newPresentation)
        case .declineDraft(let from): self.from = from
        case .endSession: break
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(session, forKey: .session)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(at, forKey: .at)
        try container.encodeIfPresent(presentation, forKey: .presentation)
        try container.encodeIfPresent(route, forKey: .route)
        try container.encodeIfPresent(baseline, forKey: .baseline)
        try container.encodeIfPresent(required, forKey: .required)
        try container.encodeIfPresent(self.guard, forKey: .guard)
        try container.encodeIfPresent(field, forKey: .field)
        if type == "edit" { try container.encode(value ?? .null, forKey: .value) }
        try container.encodeIfPresent(source, forKey: .source)
        try container.encodeIfPresent(outcome, forKey: .outcome)
        try container.encodeIfPresent(values, forKey: .values)
        try container.encodeIfPresent(reason, forKey: .reason)
        try container.encodeIfPresent(from, forKey: .from)
    }

    private enum CodingKeys: String, CodingKey {
        case session, type, id, at, presentation, route, baseline, required, `guard`, field, value, source, outcome, values, reason, from
    }
}
