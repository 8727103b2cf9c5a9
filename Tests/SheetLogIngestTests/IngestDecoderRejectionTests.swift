import SheetLogDomain
import SheetLogIngest
import Testing

/// Every reason a line is rejected, one test each: the code, the line number and the field named.
@Suite("Ingest decoder rejections")
struct IngestDecoderRejectionTests {
    let decoder = IngestDecoder()

    private func rejection(_ text: String, line: Int = 7) -> SheetLogError? {
        rejection(Array(text.utf8), line: line)
    }

    private func rejection(_ bytes: [UInt8], line: Int = 7) -> SheetLogError? {
        do {
            _ = try decoder.decode(bytes, line: line)
            return nil
        } catch {
            return error
        }
    }

    @Test func unknownTypeIsRejectedWithTheLineNumber() throws {
        let error = try #require(rejection(#"{"session":"s1","type":"teleport"}"#, line: 3))
        #expect(error.code == .invalidInput)
        #expect(error.context.line == 3)
        #expect(error.description.hasPrefix("line 3: unknown type teleport"))
    }

    @Test func missingTypeIsRejected() throws {
        let error = try #require(rejection(#"{"session":"s1"}"#))
        #expect(error.message == "field type is missing")
    }

    @Test func unknownFieldIsRejectedByName() throws {
        let error = try #require(rejection(#"{"session":"s1","type":"keepEditing","colour":"red"}"#))
        #expect(error.message == "keepEditing: unknown field colour")
        #expect(error.context.field == "colour")
    }

    @Test func unknownNestedFieldIsRejectedWithItsPath() throws {
        let text = #"{"session":"s1","type":"present","presentation":"p1","route":{"name":"a","colour":"x"}}"#
        let error = try #require(rejection(text))
        #expect(error.message == "present: unknown field route.colour")
    }

    @Test func fieldOfAnotherTypeIsUnknown() throws {
        let error = try #require(rejection(#"{"session":"s1","type":"endSession","source":"swipe"}"#))
        #expect(error.message == "endSession: unknown field source")
    }

    @Test func duplicateKeysAreRejected() throws {
        let error = try #require(rejection(#"{"session":"s1","type":"edit","field":"a","value":"x","value":"y"}"#))
        #expect(error.message.contains("duplicate key"))
        #expect(!error.message.contains("\"y\""))
    }

    @Test func wrongValueTypeIsRejectedWithoutTheValue() throws {
        let error = try #require(rejection(#"{"session":"s1","type":"saveFailed","reason":12345}"#))
        #expect(error.message == "saveFailed: field reason must be a string, found a number")
        #expect(!error.message.contains("12345"))
    }

    @Test func fieldValueMustBeAScalar() throws {
        let error = try #require(rejection(#"{"session":"s1","type":"edit","field":"a","value":{"secret":"x"}}"#))
        #expect(error.message == "edit: field value must be a string, number, boolean or null, found an object")
    }

    @Test func nullIsNotAnAbsentOptionalField() throws {
        let error = try #require(rejection(#"{"session":"s1","type":"keepEditing","presentation":null}"#))
        #expect(error.message == "keepEditing: field presentation must be a string, found null")
    }

    @Test func unknownEnumValueIsRejected() throws {
        let error = try #require(rejection(#"{"session":"s1","type":"attemptDismiss","source":"shake"}"#))
        #expect(error.message == "attemptDismiss: field source must be one of swipe, cancelButton, programmatic")
    }

    @Test func missingRequiredFieldIsRejected() throws {
        let error = try #require(rejection(#"{"session":"s1","type":"dismissAll"}"#))
        #expect(error.message == "dismissAll: field source is missing")
    }

    @Test func emptySessionIsRejected() throws {
        let error = try #require(rejection(#"{"session":"","type":"endSession"}"#))
        #expect(error.message == "endSession: field session is empty")
    }

    @Test func overlongIdentifierIsRejected() throws {
        let id = String(repeating: "x", count: 257)
        let error = try #require(rejection(#"{"session":"s1","type":"endSession","id":"\#(id)"}"#))
        #expect(error.message == "endSession: field id is longer than 256 bytes")
    }

    @Test func lineOverTheSizeLimitIsRejected() throws {
        let small = IngestDecoder(maxLineBytes: 40)
        let text = #"{"session":"s1","type":"saveFailed","reason":"disk full"}"#
        #expect(throws: SheetLogError.self) { _ = try small.decode(Array(text.utf8), line: 2) }
        do {
            _ = try small.decodeEntry(IngestRawLine(number: 2, bytes: Array(text.utf8.prefix(41)), length: 9_000))
            Issue.record("a cut line was accepted")
        } catch {
            #expect(error.message == "the line is 9000 bytes, over the limit of 40")
            #expect(error.context.line == 2)
        }
    }

    @Test func invalidUTF8IsRejected() throws {
        var bytes = Array(#"{"session":"s1","type":"saveFailed","reason":"ab"}"#.utf8)
        bytes.insert(0xC3, at: bytes.count - 3)  // a lead byte without its continuation
        let error = try #require(rejection(bytes))
        #expect(error.message == "the line is not valid UTF-8")
    }

    @Test func escapedNULIsRejected() throws {
        let error = try #require(rejection(#"{"session":"s1\u0000","type":"endSession"}"#))
        #expect(error.code == .invalidInput)
        #expect(error.message.hasPrefix("the line is not acceptable JSON"))
    }

    @Test func malformedJSONIsRejected() throws {
        let error = try #require(rejection(#"{"session":"s1","type":"endSession""#))
        #expect(error.message.hasPrefix("the line is not acceptable JSON"))
    }

    @Test func nonObjectLineIsRejected() throws {
        let error = try #require(rejection(#"["session","s1"]"#))
        #expect(error.message == "the line must be a JSON object, found an array")
    }

    @Test func malformedTimeIsRejected() throws {
        for at in ["2026-01-01 10:00:00Z", "2026-02-30T10:00:00.000Z", "2026-01-01T10:00:00.0000Z", "2026-01-01T10:00:00"] {
            let error = try #require(rejection(#"{"session":"s1","type":"endSession","at":"\#(at)"}"#))
            #expect(error.message == "endSession: field at must be an ISO-8601 time such as 2026-01-01T09:30:00.000Z")
        }
    }

    @Test func paramsMustBeStrings() throws {
        let text = #"{"session":"s1","type":"present","presentation":"p1","route":{"name":"r","params":{"itemID":123}}}"#
        let error = try #require(rejection(text))
        #expect(error.message == "present: field route.params.itemID must be a string, found a number")
    }
}
