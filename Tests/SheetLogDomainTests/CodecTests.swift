import Foundation
import SheetLogDomain
import Testing

@Suite("encoding to and decoding from the log")
struct CodecTests {
    func recorded(type: String, payload: String, schemaVersion: Int = 1) -> RecordedEvent {
        RecordedEvent(
            position: 7, eventID: "e7", stream: "s1", version: 7, type: type, schemaVersion: schemaVersion, payload: payload,
            metadata: nil, occurredAt: 1_000, recordedAt: 2_000, chain: [])
    }

    @Test("encode writes the type, schema 1, sorted-key payload and occurredAt")
    func encode() throws {
        let event = SheetEvent(occurredAt: 1_234, .edit(.init(presentation: "p1", field: "amount", value: 47.5)))
        let data = try event.eventData(eventID: "e1", metadata: #"{"app":"1.0"}"#)
        #expect(data.eventID == "e1")
        #expect(data.type == "edit")
        #expect(data.schemaVersion == 1)
        #expect(data.occurredAt == 1_234)
        #expect(data.metadata == #"{"app":"1.0"}"#)
        #expect(data.payload == #"{"field":"amount","presentation":"p1","value":47.5}"#)
        try InputLimits.default.validate(data, stream: "s1")
    }

    @Test("field values code as plain JSON scalars")
    func fieldValueCoding() throws {
        let values: [String: FieldValue] = ["s": "x/y", "n": -0.25, "b": false, "z": nil, "e": ""]
        let json = String(decoding: try JSONEncoder.sorted.encode(values), as: UTF8.self)
        #expect(json == #"{"b":false,"e":"","n":-0.25,"s":"x\/y","z":null}"# || json == #"{"b":false,"e":"","n":-0.25,"s":"x/y","z":null}"#)
        #expect(try JSONDecoder().decode([String: FieldValue].self, from: Data(json.utf8)) == values)
        #expect(try JSONDecoder().decode(FieldValue.self, from: Data("1".utf8)) == .number(1))
        #expect(try JSONDecoder().decode(FieldValue.self, from: Data("true".utf8)) == .bool(true))
        #expect(throws: (any Error).self) { try JSONDecoder().decode(FieldValue.self, from: Data("[1]".utf8)) }
    }

    @Test("a non-finite number can't be encoded")
    func nonFinite() {
        let event = SheetEvent(occurredAt: 1, .edit(.init(presentation: "p1", field: "amount", value: .number(.nan))))
        let error = #expect(throws: SheetLogError.self) { try SheetEventCodec.encode(event) }
        #expect(error?.code == .invalidInput)
    }

    @Test("an unknown type is undecodable, naming type, position and stream")
    func unknownType() throws {
        let error = try #require(throws: SheetLogError.self) { try SheetEvent(recorded: recorded(type: "teleport", payload: "{}")) }
        #expect(error.code == .undecodableEvent)
        #expect(error.message == "unknown event type teleport at position 7 in stream s1")
        #expect(error.context.position == 7)
    }

    @Test("a malformed payload is undecodable and the message never holds the payload")
    func malformed() throws {
        for payload in [#"{"presentation":"p1","field":"amount","value":"secret-value","#, #"{"presentation":"p1","value":"secret-value"}"#,
                        #"{"presentation":"p1","field":"amount","value":["secret-value"]}"#, "not json secret-value"] {
            let error = try #require(throws: SheetLogError.self) { try SheetEvent(recorded: recorded(type: "edit", payload: payload)) }
            #expect(error.code == .undecodableEvent)
            #expect(error.message.hasPrefix("edit event at position 7 in stream s1 has a malformed payload"))
            #expect(!error.message.contains("secret-value"))
        }
    }

    @Test("a schema version below 1 is undecodable; occurredAt falls back to recordedAt")
    func schemaZeroAndFallback() throws {
        let error = try #require(throws: SheetLogError.self) {
            try SheetEvent(recorded: recorded(type: "endSession", payload: "{}", schemaVersion: 0))
        }
        #expect(error.code == .undecodableEvent)
        var event = recorded(type: "endSession", payload: "{}")
        event.occurredAt = nil
        #expect(try SheetEvent(recorded: event).occurredAt == 2_000)
    }

    @Test("present's guard key is 'guard', a missing route group defaults to the name, values are optional")
    func presentKeys() throws {
        let payload = #"{"presentation":"p1","route":{"name":"settings"},"baseline":{},"required":[],"guard":"always"}"#
        guard case .present(let present) = try SheetEvent(recorded: recorded(type: "present", payload: payload)).kind else {
            Issue.record("not a present"); return
        }
        #expect(present.dismissGuard == .always)
        #expect(present.route == Route(name: "settings", group: "settings"))
        #expect(present.values == nil)
        let encoded = try SheetEventCodec.encodePayload(SheetEvent(occurredAt: 0, .present(present)))
        #expect(encoded == #"{"baseline":{},"guard":"always","presentation":"p1","required":[],"route":{"group":"settings","name":"settings","params":{}}}"#)
    }
}

extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
