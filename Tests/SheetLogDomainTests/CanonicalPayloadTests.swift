import Foundation
import PropertyBased
import SheetLogDomain
import Testing

@Suite("canonical payload fast paths")
struct CanonicalPayloadTests {
    /// Twelve texts and twelve numbers: everything one random event of each type is made of.
    static let texts = CanonicalEditPayloadTests.text.array(of: 12...12)
    static let numbers = Gen.int(in: 0...1_000_000).array(of: 12...12)

    /// One event of every type, its strings, values, flags and optional members drawn from the inputs.
    static func events(_ texts: [String], _ numbers: [Int]) -> [SheetEvent.Kind] {
        func value(_ index: Int) -> FieldValue {
            let number = numbers[index % numbers.count]
            switch number % 5 {
            case 0: return .string(texts[index % texts.count])
            case 1: return .number(Double(number) / 8 - 60_000)
            case 2: return .number(Double(number))
            case 3: return .bool(number % 2 == 0)
            default: return .null
            }
        }
        func values(_ index: Int) -> [String: FieldValue] {
            var values: [String: FieldValue] = [:]
            for offset in 0..<(numbers[index] % 5) { values[texts[(index + offset) % texts.count]] = value(index + offset) }
            return values
        }
        func strings(_ index: Int) -> [String] { Array(texts.prefix(numbers[index] % 4)) }
        func flag(_ index: Int) -> Bool { numbers[index] % 2 == 0 }
        var params: [String: String] = [:]
        for index in 0..<(numbers[1] % 3) { params[texts[index + 3]] = texts[index + 4] }
        let route = Route(name: texts[1], group: flag(2) ? nil : texts[2], params: params)
        return [
            .present(SheetEvent.Present(
                presentation: texts[0], route: route, baseline: values(3), values: flag(4) ? values(5) : nil,
                required: strings(6), dismissGuard: DismissGuard.allCases[numbers[7] % DismissGuard.allCases.count],
                restoredFrom: flag(8) ? DraftReference(session: texts[8], presentation: texts[9]) : nil)),
            .edit(SheetEvent.Edit(presentation: texts[0], field: texts[1], value: value(2))),
            .attemptDismiss(SheetEvent.AttemptDismiss(
                presentation: texts[0], source: DismissSource.allCases[numbers[1] % DismissSource.allCases.count],
                outcome: DismissOutcome.allCases[numbers[2] % DismissOutcome.allCases.count], dirty: flag(3),
                changedFields: strings(4), confirmation: flag(5), offersSave: flag(6) ? flag(7) : nil, popped: flag(8))),
            .confirmDiscard(SheetEvent.ConfirmDiscard(presentation: texts[0], discardedFields: strings(1))),
            .keepEditing(SheetEvent.KeepEditing(presentation: texts[0])),
            .save(SheetEvent.Save(presentation: texts[0], values: values(1))),
            .saveFailed(SheetEvent.SaveFailed(presentation: texts[0], reason: texts[1])),
            .restoreDraft(SheetEvent.RestoreDraft(presentation: texts[0], intoSession: texts[1], newPresentation: texts[2])),
            .declineDraft(SheetEvent.DeclineDraft(presentation: texts[0])),
            .endSession(SheetEvent.EndSession()),
        ]
    }

    @Test("the fast paths read what the encoder wrote, exactly as the general decoder does")
    func agreesWithTheGeneralDecoder() async {
        // Full size in every run: 300 cases take 0.3 s.
        await propertyCheck(count: 300, input: Self.texts, Self.numbers) { texts, numbers in
            for kind in Self.events(texts, numbers) {
                let event = SheetEvent(occurredAt: 7, kind)
                let payload = try SheetEventCodec.encodePayload(event)
                let fast = CanonicalPayload.decode(event.type, payload)
                #expect(fast == kind, "everything the encoder writes takes the fast path: \(event.type.rawValue)")
                #expect(fast == (try SheetEventCodec.generalKind(event.type, payload)), "\(event.type.rawValue)")
                let decoded = try SheetEventCodec.decode(type: event.type.rawValue, schemaVersion: 1, payload: payload, occurredAt: 7)
                #expect(decoded == event)
            }
        }
    }

    @Test("a sealed payload of a type without values takes a fast path too, reading what the general path reads")
    func sealedWithoutValuesAgreesWithTheGeneralPath() async {
        let keys = FixedKeys(keys: [SealedCodecTests.subject: .available(SealedCodecTests.fixtureKey)])
        await propertyCheck(count: 300, input: Self.texts, Self.numbers) { texts, numbers in
            for (index, kind) in Self.events(texts, numbers).enumerated() {
                let event = SheetEvent(occurredAt: 7, kind)
                let data = try SheetEventCodec.encode(event, eventID: "c\(index)-1", sealing: SealedCodecTests.sealing(version: 3))
                let fast = data.payload.utf8CString.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: UInt8.self) { CanonicalPayload.decodeSealedWithoutValues(event.type, UnsafeBufferPointer(rebasing: $0.dropLast())) }
                }
                switch event.type {
                case .present, .edit, .save:
                    #expect(fast == nil, "values are opened on their own paths: \(event.type.rawValue)")
                case .attemptDismiss, .confirmDiscard, .keepEditing, .saveFailed, .restoreDraft, .declineDraft, .endSession:
                    #expect(fast?.kind == kind, "everything the encoder writes takes the fast path: \(event.type.rawValue)")
                    #expect(fast?.subject == SealedCodecTests.subject)
                    // The general path: the same payload with its members in another order.
                    let json = try JSONSerialization.jsonObject(with: Data(data.payload.utf8)) as! [String: Any]
                    var reordered = "{"
                    for (offset, key) in json.keys.sorted(by: >).enumerated() {
                        let value = try JSONSerialization.data(withJSONObject: json[key]!, options: .fragmentsAllowed)
                        reordered += (offset == 0 ? "" : ",") + "\"\(key)\":" + String(decoding: value, as: UTF8.self)
                    }
                    reordered += "}"
                    let moved = EventData(eventID: data.eventID, type: data.type, schemaVersion: 2, payload: reordered, occurredAt: 7)
                    #expect(moved.payload.utf8CString.withUnsafeBufferPointer { bytes in
                        bytes.withMemoryRebound(to: UInt8.self) { CanonicalPayload.decodeSealedWithoutValues(event.type, UnsafeBufferPointer(rebasing: $0.dropLast())) }
                    } == nil || json.count < 2, "reordered, it leaves the fast path")
                    let general = try SheetEventCodec.decode(SealedCodecTests.recorded(moved, version: 3), keys: keys)
                    #expect(general.kind == kind, "\(event.type.rawValue)")
                    #expect(try SheetEventCodec.decode(SealedCodecTests.recorded(data, version: 3), keys: keys) == event)
                }
            }
        }
    }

    @Test("any other layout is left to the general decoder, which accepts or refuses it as before")
    func declinesOtherLayouts() throws {
        let otherLayouts: [(SheetEventType, String)] = [
            (.present, #"{"baseline":{},"guard":"never","presentation":"p","required":[],"route":{"group":"g","name":"n","params":{}},"values":null}"#),
            (.present, #"{"baseline":{},"guard":"never","presentation":"p","required":[],"route":{"name":"n","group":"g","params":{}}}"#),
            (.present, #"{"baseline":{},"guard":"never","presentation":"p","required":[],"route":{"group":"g","name":"n"}}"#),
            (.present, #"{"baseline": {},"guard":"never","presentation":"p","required":[],"route":{"group":"g","name":"n","params":{}}}"#),
            (.attemptDismiss, #"{"changedFields":[],"confirmation":false,"dirty":false,"offersSave":null,"outcome":"dismissed","popped":true,"presentation":"p","source":"swipe"}"#),
            (.save, #"{"values":{},"presentation":"p"}"#),
            (.save, #"{"presentation":"p","values":{"a":1},"extra":true}"#),
            (.endSession, #"{"anything":[1,2,3]}"#),
            (.endSession, "[]"),
        ]
        for (type, payload) in otherLayouts {
            #expect(CanonicalPayload.decode(type, payload) == nil, "\(type.rawValue): \(payload)")
            let decoded = try SheetEventCodec.decode(type: type.rawValue, schemaVersion: 1, payload: payload, occurredAt: 1)
            #expect(decoded.kind == (try SheetEventCodec.generalKind(type, payload)))
        }
        // The encoder's layout holding what the payload structs refuse: the codec's error is the general one.
        let refused: [(SheetEventType, String)] = PayloadDecoderTests.refused + [
            (.present, #"{"baseline":{},"guard":"sometimes","presentation":"p","required":[],"route":{"group":"g","name":"n","params":{}}}"#),
            (.present, #"{"baseline":{"a":[1]},"guard":"never","presentation":"p","required":[],"route":{"group":"g","name":"n","params":{}}}"#),
            (.attemptDismiss, #"{"changedFields":[],"confirmation":false,"dirty":false,"outcome":"gone","popped":true,"presentation":"p","source":"swipe"}"#),
            (.save, #"{"presentation":"p","values":{"a":{"b":1}}}"#),
        ]
        for (type, payload) in refused {
            #expect(CanonicalPayload.decode(type, payload) == nil, "\(type.rawValue): \(payload)")
            let error = #expect(throws: SheetLogError.self) {
                try SheetEventCodec.decode(type: type.rawValue, schemaVersion: 1, payload: payload, occurredAt: 1)
            }
            #expect(error?.code == .undecodableEvent)
        }
    }

    @Test("a draft's duplicate key leaves the layout, and the general path refuses it")
    func duplicateKeys() throws {
        let payload = #"{"presentation":"p","values":{"a":1,"a":"x"}}"#
        #expect(CanonicalPayload.decode(.save, payload) == nil)
        #expect(throws: (any Error).self) { try SheetEventCodec.generalKind(.save, payload) }
    }

    @Test("type names are matched from their bytes, and nothing else is")
    func typeFromBytes() {
        for type in SheetEventType.allCases {
            var name = type.rawValue
            #expect(name.withUTF8 { SheetEventType(utf8: $0) } == type)
        }
        for text in ["", "Edit", "edits", "analytics.tap", "sav", "savE"] {
            var name = text
            #expect(name.withUTF8 { SheetEventType(utf8: $0) } == nil, "\(text)")
        }
    }
}
