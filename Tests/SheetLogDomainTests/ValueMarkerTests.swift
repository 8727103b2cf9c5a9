import Foundation
import SheetLogDomain
import Testing

/// The markers (`.erased`, `.withheld`) are what reading gives: no typed text equals them, their
/// `Codable` form is an object no typed value can be, and no command records one.
@Suite("value markers")
struct ValueMarkerTests {
    @Test("typed text that reads like a marker is a string, unequal to the marker")
    func typedTextIsNotAMarker() {
        for text in ["[erased]", "[sealed]", "[withheld]", "••••"] {
            #expect(FieldValue.string(text) != .erased)
            #expect(FieldValue.string(text) != .withheld)
            #expect(!FieldValue.string(text).isMarker)
        }
        #expect(FieldValue.erased.isMarker && FieldValue.withheld.isMarker)
        #expect(!FieldValue.erased.isEmpty && !FieldValue.withheld.isEmpty)
    }

    @Test("Codable: markers as objects, typed values as scalars, and back")
    func codable() throws {
        let values: [String: FieldValue] = ["a": .erased, "b": .withheld, "c": "[erased]", "d": nil, "e": 2]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(values), as: UTF8.self)
        #expect(json == #"{"a":{"erased":true},"b":{"withheld":true},"c":"[erased]","d":null,"e":2}"#)
        #expect(try JSONDecoder().decode([String: FieldValue].self, from: Data(json.utf8)) == values)
        for bad in [#"{"erased":false}"#, #"{"erased":true,"withheld":true}"#, #"{"other":true}"#, "{}"] {
            #expect(throws: DecodingError.self, "\(bad)") { try JSONDecoder().decode(FieldValue.self, from: Data(bad.utf8)) }
        }
    }

    @Test("a command carrying a marker is refused as invalid input, naming the field and not a value")
    func commandsRefuseMarkers() throws {
        for marker in [FieldValue.erased, .withheld] {
            var session = SessionHarness()
            session.expectRejected(
                .present(presentation: "p0", route: Routes.newExpense, baseline: ["note": marker]),
                "field note of presentation p0 holds a value read as", code: .invalidInput)
            try session.run(.presentNewExpense("p1"))
            session.expectRejected(.edit(field: "amount", value: marker), "field amount of presentation p1 holds a value read as", code: .invalidInput)
            try session.run(.edit(field: "amount", value: "47.50"))
            session.expectRejected(.save(values: ["category": marker]), "field category of presentation p1 holds a value read as", code: .invalidInput)
        }
    }
}
