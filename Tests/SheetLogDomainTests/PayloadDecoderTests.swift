import Foundation
import SheetLogDomain
import Testing

/// The codec's hand-written payload decoder must read exactly what `JSONDecoder` read with the
/// payload structs' `Codable` conformance, and refuse what it refused.
@Suite("payload decoder")
struct PayloadDecoderTests {
    /// Decodes `payload` with `JSONDecoder` as the Codable struct of `type`.
    static func foundationKind(_ type: SheetEventType, _ payload: String) throws -> SheetEvent.Kind {
        let data = Data(payload.utf8)
        let decoder = JSONDecoder()
        switch type {
        case .present: return .present(try decoder.decode(SheetEvent.Present.self, from: data))
        case .edit: return .edit(try decoder.decode(SheetEvent.Edit.self, from: data))
        case .attemptDismiss: return .attemptDismiss(try decoder.decode(SheetEvent.AttemptDismiss.self, from: data))
        case .confirmDiscard: return .confirmDiscard(try decoder.decode(SheetEvent.ConfirmDiscard.self, from: data))
        case .keepEditing: return .keepEditing(try decoder.decode(SheetEvent.KeepEditing.self, from: data))
        case .save: return .save(try decoder.decode(SheetEvent.Save.self, from: data))
        case .saveFailed: return .saveFailed(try decoder.decode(SheetEvent.SaveFailed.self, from: data))
        case .restoreDraft: return .restoreDraft(try decoder.decode(SheetEvent.RestoreDraft.self, from: data))
        case .declineDraft: return .declineDraft(try decoder.decode(SheetEvent.DeclineDraft.self, from: data))
        case .endSession: return .endSession(try decoder.decode(SheetEvent.EndSession.self, from: data))
        }
    }

    static let accepted: [(SheetEventType, String)] = [
        (.edit, #"{"field":"amount","presentation":"p1","value":47.5}"#),
        (.edit, #"{"value":null,"presentation":"p1","field":"note"}"#),
        (.edit, #"{"field":"n","presentation":"p1","value":-1.25e-7}"#),
        (.edit, #"{"field":"n","presentation":"p1","value":12}"#),
        (.edit, #"{"field":"b","presentation":"p1","value":false}"#),
        (.edit, #"{"field":"s","presentation":"p\/1","value":"tab\tquote\" \\ \u00e9 \ud83d\ude00 é","extra":[1,{"x":2}]}"#),
        (.edit, " {\n \"field\" : \"f\" , \"presentation\" : \"p\" , \"value\" : \"\" } "),
        (.present, #"{"baseline":{},"guard":"always","presentation":"p1","required":[],"route":{"group":"settings","name":"settings","params":{}}}"#),
        (.present, #"{"baseline":{"a":1,"b":"x","c":null,"d":true},"guard":"never","presentation":"p2","required":["a"],"route":{"name":"n"},"values":null}"#),
        (.present, #"{"baseline":{"a":1},"guard":"whenDirty","presentation":"p3","required":[],"route":{"name":"n","group":null,"params":{"id":"7"}},"values":{"a":2},"restoredFrom":{"session":"s0","presentation":"p0"}}"#),
        (.attemptDismiss, #"{"changedFields":["a","b"],"confirmation":true,"dirty":true,"offersSave":true,"outcome":"blocked","popped":false,"presentation":"p1","source":"swipe"}"#),
        (.attemptDismiss, #"{"changedFields":[],"confirmation":false,"dirty":false,"offersSave":null,"outcome":"dismissed","popped":true,"presentation":"p1","source":"programmatic"}"#),
        (.confirmDiscard, #"{"discardedFields":["amount"],"presentation":"p1"}"#),
        (.keepEditing, #"{"presentation":"p1"}"#),
        (.save, #"{"presentation":"p1","values":{"amount":"47.50","n":3}}"#),
        (.saveFailed, #"{"presentation":"p1","reason":"offline"}"#),
        (.restoreDraft, #"{"intoSession":"s2","newPresentation":"p9","presentation":"p1"}"#),
        (.declineDraft, #"{"presentation":"p1"}"#),
        (.endSession, #"{}"#),
        (.endSession, #"{"anything":[1,2,3]}"#),
        (.endSession, #"[]"#),
    ]

    static let refused: [(SheetEventType, String)] = [
        (.edit, #"{"field":"amount","presentation":"p1"}"#),
        (.edit, #"{"field":"amount","presentation":"p1","value":[1]}"#),
        (.edit, #"{"field":1,"presentation":"p1","value":1}"#),
        (.edit, #"{"field":"a","presentation":"p1","value":1"#),
        (.edit, #"{"field":"a","presentation":"p1","value":01}"#),
        (.edit, #"{"field":"a","presentation":"p1","value":1} x"#),
        (.edit, #"["field"]"#),
        (.present, #"{"baseline":{},"guard":"sometimes","presentation":"p1","required":[],"route":{"name":"n"}}"#),
        (.present, #"{"baseline":{},"guard":"always","presentation":"p1","required":[1],"route":{"name":"n"}}"#),
        (.present, #"{"baseline":{},"guard":"always","presentation":"p1","required":[],"route":{"group":"g"}}"#),
        (.present, #"{"baseline":{},"guard":"always","presentation":"p1","required":[],"route":{"name":"n","params":{"a":1}}}"#),
        (.attemptDismiss, #"{"changedFields":[],"confirmation":false,"dirty":"no","outcome":"dismissed","popped":true,"presentation":"p1","source":"swipe"}"#),
    ]

    @Test("payloads JSONDecoder accepts decode to the same event")
    func sameAsFoundation() throws {
        for (type, payload) in Self.accepted {
            let event = try SheetEventCodec.decode(type: type.rawValue, schemaVersion: 1, payload: payload, occurredAt: 5)
            #expect(event.kind == (try Self.foundationKind(type, payload)), "\(type.rawValue): \(payload)")
        }
    }

    @Test("payloads JSONDecoder refuses are undecodable, and the message names no value")
    func refusedLikeFoundation() throws {
        for (type, payload) in Self.refused {
            #expect(throws: (any Error).self, "\(payload)") { try Self.foundationKind(type, payload) }
            let error = #expect(throws: SheetLogError.self, "\(payload)") {
                try SheetEventCodec.decode(type: type.rawValue, schemaVersion: 1, payload: payload, occurredAt: 5)
            }
            #expect(error?.code == .undecodableEvent)
            #expect(error?.message.contains("sometimes") == false)
        }
    }

    @Test("a missing key is named with its path")
    func missingKeyPath() throws {
        let error = #expect(throws: SheetLogError.self) {
            try SheetEventCodec.decode(
                type: "present", schemaVersion: 1,
                payload: #"{"baseline":{},"guard":"always","presentation":"p1","required":[],"route":{"group":"g"}}"#, occurredAt: 1)
        }
        #expect(error?.message.hasSuffix("(missing key route.name)") == true)
    }
}
