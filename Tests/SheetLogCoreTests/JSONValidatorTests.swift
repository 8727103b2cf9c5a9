import SheetLogCore
import Testing

@Suite struct JSONValidatorTests {
    @Test(arguments: [
        "{}", "[]", "0", "-0.5e3", "\"é ✓ 😀\"", #"{"a":[1,true,false,null,"x\n\u00e9\ud83d\ude00"]}"#, " { \"k\" : 1 } ",
    ])
    func acceptsValidJSON(_ text: String) throws {
        try JSONValidator().validate(text)
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":1,}", "NaN", "Infinity", "-Infinity", "01", "1.", "1e", "1e999", "-1e400",
        "\"\\u0000\"", "\"a\u{0}b\"", "\"\\ud800\"", "\"\\udc00x\"", "\"\\x\"", "\"tab\there\"", "tru", "{} {}",
        "{\"a\" 1}", "[1 2]",
    ])
    func rejectsInvalidJSON(_ text: String) {
        #expect(throws: JSONValidator.Failure.self) { try JSONValidator().validate(text) }
    }

    @Test func rejectsInvalidUTF8() {
        let bytes: [[UInt8]] = [
            [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22],
        ]
        for sample in bytes {
            #expect(throws: JSONValidator.Failure.self) {
                try sample.withUnsafeBufferPointer { try JSONValidator().validate($0) }
            }
        }
    }

    @Test func rejectsDeepNestingPastTheLimit() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        try JSONValidator().validate(ok)
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONValidator.Failure.self) { try JSONValidator().validate(deep) }
    }

    @Test func duplicateKeysAreRejectedOnlyOnRequest() throws {
        let text = #"{"a":1,"b":{"a":2},"a":3}"#
        try JSONValidator().validate(text)
        let failure = #expect(throws: JSONValidator.Failure.self) {
            try JSONValidator(rejectsDuplicateKeys: true).validate(text)
        }
        #expect(failure?.reason == "duplicate key")
        try JSONValidator(rejectsDuplicateKeys: true).validate(#"{"a":1,"b":{"a":2}}"#)
    }

    @Test("keys are compared after decoding their escapes", arguments: [
        #"{"value":1,"valu\u0065":2}"#, #"{"a/b":1,"a\/b":2}"#, #"{"😀":1,"\ud83d\ude00":2}"#,
        "{\"\u{E9}\":1,\"e\u{301}\":2}", #"{"\u0041":1,"\u0041":2}"#, #"{"x":{"k\n":1,"k\u000a":2}}"#,
    ])
    func decodedDuplicateKeys(_ text: String) throws {
        try JSONValidator().validate(text)
        let failure = #expect(throws: JSONValidator.Failure.self) {
            try JSONValidator(rejectsDuplicateKeys: true).validate(text)
        }
        #expect(failure?.reason == "duplicate key")
    }

    @Test func keysThatDifferOnceDecodedAreNotDuplicates() throws {
        try JSONValidator(rejectsDuplicateKeys: true).validate(#"{"\u0041":1,"a":2,"a\/b":3,"a\\/b":4,"\ud83d\ude00":5,"\ud83d\ude01":6}"#)
    }
}
