import Foundation
import PropertyBased
import SheetLogDomain
import Testing

@Suite("canonical edit payload fast path")
struct CanonicalEditPayloadTests {
    /// The codec's fast path for an edit payload, nil when it falls back to the general path.
    func editFast(_ payload: String) -> SheetEvent.Edit? {
        guard case .edit(let edit)? = CanonicalPayload.decode(.edit, payload) else { return nil }
        return edit
    }

    /// Characters that exercise every branch: escapes, control characters, non-ASCII, JSON syntax.
    static let alphabet: [Character] = ["a", "Z", "0", " ", "\"", "\\", "\n", "\u{1}", "é", "🙂", "{", ",", ":", "]"]
    static let text = Gen.int(in: 0..<alphabet.count).array(of: 0...8).map { String($0.map { alphabet[$0] }) }

    /// What `JSONDecoder` reads from the payload with the Codable `Edit`: the reference.
    private func reference(_ payload: String) throws -> SheetEvent.Edit {
        try JSONDecoder().decode(SheetEvent.Edit.self, from: Data(payload.utf8))
    }

    private func fieldValue(kind: Int, text: String) -> FieldValue {
        switch kind {
        case 0: return .string(text)
        case 1: return .number(Double(text.count) / 4)
        case 2: return .bool(text.count % 2 == 0)
        default: return .null
        }
    }

    @Test("the fast path reads what the encoder wrote, exactly as JSONDecoder does")
    func agreesWithTheReference() async {
        // Full size in every run: 500 cases take 0.02 s.
        await propertyCheck(count: 500, input: Self.text, Self.text, Self.text, Gen.int(in: 0...3)) { presentation, field, text, kind in
            let edit = SheetEvent.Edit(presentation: presentation, field: field, value: fieldValue(kind: kind, text: text))
            let payload = try SheetEventCodec.encodePayload(SheetEvent(occurredAt: 1, .edit(edit)))
            let fast = editFast(payload)
            if let fast { #expect(fast == (try reference(payload))) }
            #expect(fast == edit, "everything the encoder writes takes the fast path")
            // Either way the codec's answer is the reference's.
            let decoded = try SheetEventCodec.decode(type: "edit", schemaVersion: 1, payload: payload, occurredAt: 1)
            #expect(decoded.kind == .edit(try reference(payload)))
        }
    }

    @Test("any other layout, and malformed JSON, is left to the general parser")
    func declinesOtherShapes() throws {
        let declined = [
            #"{ "field":"a","presentation":"p","value":"x"}"#,
            #"{"presentation":"p","field":"a","value":"x"}"#,
            #"{"field":"a","presentation":"p","value":"x","extra":1}"#,
            #"{"field":"a","presentation":"p","value":012}"#,
            #"{"field":"a","presentation":"p","value":[1]}"#,
            #"{"field":"a","presentation":"p","value":{"x":1}}"#,
            #"{"field":"a\q","presentation":"p","value":"x"}"#,
            #"{"field":"a","presentation":"p","value":"x\u12"}"#,
            #"{"field":"a","presentation":"p","value":"x"} "#,
            #"{"field":"a","presentation":"p","value":tru}"#,
            #"{"field":"a","presentation":"p","value":"x""#,
            #"{"field":"a","presentation":"p""#,
            "",
        ]
        for payload in declined {
            #expect(editFast(payload) == nil, "\(payload)")
        }
        #expect(editFast(#"{"field":"a","presentation":"p","value":null}"#)
            == SheetEvent.Edit(presentation: "p", field: "a", value: .null))
        #expect(editFast(#"{"field":"","presentation":"p","value":false}"#)
            == SheetEvent.Edit(presentation: "p", field: "", value: .bool(false)))
        #expect(editFast(#"{"field":"a\u0041\"","presentation":"p","value":-12.5e1}"#)
            == SheetEvent.Edit(presentation: "p", field: "aA\"", value: .number(-125)))
    }
}
