import Foundation
import SheetLogDomain
import Testing

/// Numbers that reach a ``FieldValue`` from JSON are exact or refused, by every reader.
@Suite("numbers are exact or refused")
struct NumberExactnessTests {
    static let inexact = ["9007199254740993", "123456789012345678901234567890", "1e-400", "0.1000000000000000055511151231257827"]
    static let exact: [(String, Double)] = [("0.1", 0.1), ("47.50", 47.5), ("1e3", 1000), ("-0", -0.0), ("5e-324", .leastNonzeroMagnitude), ("9007199254740992", 9007199254740992)]

    @Test("a stored payload with an inexact number is undecodable", arguments: inexact)
    func payloadParserRefuses(_ number: String) {
        let payload = #"{"field":"amount","presentation":"p1","value":\#(number)}"#
        let error = #expect(throws: SheetLogError.self) {
            try SheetEventCodec.decode(type: "edit", schemaVersion: 1, payload: payload, occurredAt: 1)
        }
        #expect(error?.code == .undecodableEvent)
        #expect(error?.message.contains(number) == false)
    }

    @Test("JSONDecoder into FieldValue refuses an inexact number", arguments: inexact.filter { $0 != "1e-400" })
    func codableRefuses(_ number: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FieldValue.self, from: Data(number.utf8)) }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([String: FieldValue].self, from: Data(#"{"amount":\#(number)}"#.utf8))
        }
    }

    @Test("exact numbers decode to their value on every path")
    func exactNumbersDecode() throws {
        for (text, value) in Self.exact {
            #expect(try JSONDecoder().decode(FieldValue.self, from: Data(text.utf8)) == .number(value), "\(text)")
            let payload = #"{"field":"amount","presentation":"p1","value":\#(text)}"#
            let event = try SheetEventCodec.decode(type: "edit", schemaVersion: 1, payload: payload, occurredAt: 1)
            #expect(event.kind == .edit(.init(presentation: "p1", field: "amount", value: .number(value))), "\(text)")
        }
    }
}
