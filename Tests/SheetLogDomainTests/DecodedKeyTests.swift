import SheetLogDomain
import Testing

/// A stored payload whose object repeats a key — however the repeat is spelled — is undecodable:
/// no spelling of a key silently wins over another.
@Suite("payload keys are compared decoded")
struct DecodedKeyTests {
    static let duplicated: [(SheetEventType, String)] = [
        (.edit, #"{"field":"amount","presentation":"p1","value":"1","valu\u0065":"2"}"#),
        (.edit, #"{"field":"amount","presentation":"p1","value":"1","value":"2"}"#),
        (.save, #"{"presentation":"p","values":{"a":1,"a":"x"}}"#),
        (.save, #"{"presentation":"p","values":{"a/b":1,"a\/b":"x"}}"#),
        (.save, #"{"presentation":"p","values":{"😀":1,"\ud83d\ude00":"x"}}"#),
        (.save, "{\"presentation\":\"p\",\"values\":{\"\u{E9}\":1,\"e\u{301}\":\"x\"}}"),
        (.present, #"{"baseline":{},"guard":"always","presentation":"p1","required":[],"route":{"group":"g","name":"n","params":{"id":"1","\u0069d":"2"}}}"#),
    ]

    @Test("a repeated key, escaped or not, makes the payload undecodable", arguments: duplicated.indices)
    func repeatedKeyIsUndecodable(_ index: Int) {
        let (type, payload) = Self.duplicated[index]
        #expect(CanonicalPayload.decode(type, payload) == nil, "\(payload)")
        let error = #expect(throws: SheetLogError.self, "\(payload)") {
            try SheetEventCodec.decode(type: type.rawValue, schemaVersion: 1, payload: payload, occurredAt: 1)
        }
        #expect(error?.code == .undecodableEvent)
    }

    @Test("keys that differ once decoded are distinct")
    func distinctKeysStayDistinct() throws {
        let payload = #"{"presentation":"p","values":{"\u0041":1,"a":2,"a\/b":3,"a\\/b":4}}"#
        let event = try SheetEventCodec.decode(type: "save", schemaVersion: 1, payload: payload, occurredAt: 1)
        #expect(event.kind == .save(SheetEvent.Save(presentation: "p", values: ["A": 1, "a": 2, "a/b": 3, "a\\/b": 4])))
    }
}
