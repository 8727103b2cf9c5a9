import Foundation
import SheetLogDomain
import Testing

/// The codec's hand-written payload encoder must write exactly the bytes `JSONEncoder` wrote
/// (sorted keys, slashes unescaped): stored payloads are chained and compared on retries.
@Suite("payload encoder")
struct PayloadEncoderTests {
    static func foundationText(_ kind: SheetEvent.Kind) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        switch kind {
        case .present(let payload): data = try encoder.encode(payload)
        case .edit(let payload): data = try encoder.encode(payload)
        case .attemptDismiss(let payload): data = try encoder.encode(payload)
        case .confirmDiscard(let payload): data = try encoder.encode(payload)
        case .keepEditing(let payload): data = try encoder.encode(payload)
        case .save(let payload): data = try encoder.encode(payload)
        case .saveFailed(let payload): data = try encoder.encode(payload)
        case .restoreDraft(let payload): data = try encoder.encode(payload)
        case .declineDraft(let payload): data = try encoder.encode(payload)
        case .endSession(let payload): data = try encoder.encode(payload)
        }
        return String(decoding: data, as: UTF8.self)
    }

    static let texts = ["", "47.50", "a/b", "quote \" back \\ tab \t nl \n cr \r bs \u{08} ff \u{0C} us \u{1F} del \u{7F}",
                        "é 😀 \u{2028}", "Zebra", "_under", "a10", "a9",
                        // Keys JSONEncoder orders by their UTF-8 bytes, which Swift's `<` (canonical
                        // equivalence) orders otherwise: a decomposed é before f, U+FF21 before an emoji.
                        "e\u{301}", "f", "\u{FF21}", "😀"]
    static let numbers: [Double] = [0, -0.0, 1, 12, -3.5, 0.1, 1e-7, 1e16, 1.5e300, 9_007_199_254_740_992, 1e21, 4.35,
                                    0.30000000000000004, .leastNonzeroMagnitude, 1234.5678]

    static func values() -> [FieldValue] {
        texts.map { .string($0) } + numbers.map { .number($0) } + [.bool(true), .bool(false), .null]
    }

    static func kinds() -> [SheetEvent.Kind] {
        let values = values()
        var draft: [String: FieldValue] = [:]
        for (index, value) in values.enumerated() { draft[texts[index % texts.count] + "\(index)"] = value }
        var kinds: [SheetEvent.Kind] = values.map { .edit(.init(presentation: "p/1", field: "amount", value: $0)) }
        kinds += [
            .present(.init(presentation: "p1", route: Route(name: "newExpense", group: "editor", params: ["itemID": "1", "B": "x/y"]),
                           baseline: draft, values: nil, required: ["amount", "merchant"], dismissGuard: .always)),
            .present(.init(presentation: "p2", route: Route(name: "n"), baseline: [:], values: draft, required: [],
                           dismissGuard: .never, restoredFrom: DraftReference(session: "s0", presentation: "p0"))),
            .attemptDismiss(.init(presentation: "p1", source: .swipe, outcome: .blocked, dirty: true, changedFields: ["a", "b"],
                                  confirmation: true, offersSave: true, popped: false)),
            .attemptDismiss(.init(presentation: "p1", source: .programmatic, outcome: .forced, dirty: true, changedFields: [],
                                  confirmation: false, offersSave: nil, popped: true)),
            .confirmDiscard(.init(presentation: "p1", discardedFields: ["amount"])),
            .keepEditing(.init(presentation: "p1")),
            .save(.init(presentation: "p1", values: draft)),
            .saveFailed(.init(presentation: "p1", reason: "offline \"again\"")),
            .restoreDraft(.init(presentation: "p1", intoSession: "s2", newPresentation: "p9")),
            .declineDraft(.init(presentation: "p1")),
            .endSession(.init()),
        ]
        return kinds
    }

    @Test("every kind of payload, with awkward strings, keys and numbers, is JSONEncoder's text")
    func sameBytesAsFoundation() throws {
        for kind in Self.kinds() {
            let event = SheetEvent(occurredAt: 1, kind)
            #expect(try SheetEventCodec.encodePayload(event) == (try Self.foundationText(kind)))
        }
    }

    @Test("what the encoder writes, the decoder reads back as the same event")
    func roundTrip() throws {
        for kind in Self.kinds() {
            let event = SheetEvent(occurredAt: 7, kind)
            #expect(try SheetEventCodec.decode(try SheetEventCodec.encode(event)) == event)
        }
    }
}
