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

    @Test("a number is accepted only when its double prints back to the same decimal value", arguments: [
        "9007199254740993", "-9007199254740993", "1e-400", "123456789012345678901234567890", "[1152921504606846976]",
        #"{"a":{"b":[0,0.1000000000000000055511151231257827]}}"#, "4.9e-325", "-1e-400",
    ])
    func inexactNumbersAreRejected(_ text: String) {
        let failure = #expect(throws: JSONValidator.Failure.self) { try JSONValidator().validate(text) }
        #expect(failure?.reason == "number cannot be stored exactly")
        #expect(failure?.problem == .inexactNumber)
    }

    @Test("an inexact number's failure names its path", arguments: [
        (#"{"a":{"b":[0,9007199254740993]}}"#, ["a", "b", "1"]), ("9007199254740993", []), (#"[{"x\u0079":1e-400}]"#, ["0", "xy"]),
    ])
    func inexactNumberPath(_ text: String, _ path: [String]) {
        let failure = #expect(throws: JSONValidator.Failure.self) { try JSONValidator().validate(text) }
        #expect(failure?.path == path)
    }

    @Test("exact numbers pass, however they are written", arguments: [
        "0.1", "47.50", "1e3", "-0", "0.0e-999", "5e-324", "1.7976931348623157e308", "2.5E-3", "9007199254740992", "100000000000000000000",
        "123456789012345", "0.30000000000000004", "1E+2", "-12.5e-1",
    ])
    func exactNumbersPass(_ text: String) throws {
        try JSONValidator().validate(text)
    }
}
