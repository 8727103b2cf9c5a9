import SheetLogCore
import Testing

@Suite struct InputLimitsTests {
    private func batch(stream: String = "s1", _ events: EventData...) -> [StreamBatch] {
        [StreamBatch(stream: stream, events: events, expected: .any)]
    }

    @Test func acceptsAnOrdinaryEvent() throws {
        try InputLimits.default.validate(batch(EventData(type: "edit", payload: #"{"field":"amount"}"#, metadata: #"{"app":"1.0"}"#)))
    }

    @Test func rejectsAnEmptyStreamID() {
        let error = #expect(throws: SheetLogError.self) {
            try InputLimits.default.validate(batch(stream: "", EventData(type: "edit", payload: "{}")))
        }
        #expect(error?.code == .invalidInput)
        #expect(error?.message == "stream id is empty")
    }

    @Test func rejectsAPayloadOverTheLimitWithoutPrintingIt() {
        let secret = String(repeating: "x", count: 100)
        let limits = InputLimits(maxPayloadBytes: 64)
        let error = #expect(throws: SheetLogError.self) {
            try limits.validate(batch(EventData(eventID: "e1", type: "edit", payload: "\"\(secret)\"")))
        }
        #expect(error?.code == .payloadTooLarge)
        #expect(error?.context.limit == 64)
        #expect(error?.description.contains(secret) == false)
    }

    @Test func rejectsNULAndInvalidJSONInPayloads() {
        for payload in ["{\"v\":\"a\\u0000\"}", "{\"v\":NaN}", "not json", "{\"v\":1e999}", "{\"v\":9007199254740993}", "{\"v\":1e-400}"] {
            let error = #expect(throws: SheetLogError.self) {
                try InputLimits.default.validate(batch(EventData(type: "edit", payload: payload)))
            }
            #expect(error?.code == .invalidInput)
        }
    }

    @Test func rejectsNonObjectMetadata() {
        let error = #expect(throws: SheetLogError.self) {
            try InputLimits.default.validate(batch(EventData(type: "edit", payload: "{}", metadata: "[1]")))
        }
        #expect(error?.code == .invalidInput)
    }

    @Test func rejectsAnEventIDTwiceInOneAppend() {
        let error = #expect(throws: SheetLogError.self) {
            try InputLimits.default.validate(batch(EventData(eventID: "e1", type: "a", payload: "{}"), EventData(eventID: "e1", type: "b", payload: "{}")))
        }
        #expect(error?.code == .idempotencyConflict)
        #expect(error?.context.eventID == "e1")
    }

    @Test func decodesUTF8OrSaysWhy() throws {
        #expect(try InputLimits.decodeUTF8(Array("héllo".utf8), what: "line") == "héllo")
        #expect(throws: SheetLogError.self) { try InputLimits.decodeUTF8([0x61, 0xFF], what: "line") }
        #expect(throws: SheetLogError.self) { try InputLimits.decodeUTF8([0x61, 0x00], what: "line") }
    }
}
