import Foundation
import SheetLog
import Testing

/// The store checks the JSON a caller gives it; the facade's appends carry payloads its own writer
/// made, which the store does not read again, except those that hold what the store refuses.
@Suite("JSON checked on append")
struct AppendJSONCheckTests {
    static let malformed = [
        #"{"field":"amount","value":"#, #"{"a":1,}"#, #"{"a":"\u0000"}"#, #"{"a":"\ud800"}"#, #"{"n":9007199254740993}"#, "NaN",
    ]

    @Test("a malformed payload given to the store of a database is refused, and nothing is appended", arguments: malformed)
    func callerPayloadIsChecked(_ payload: String) async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "s1")
        let error = await #expect(throws: SheetLogError.self) {
            try await database.backend.append([EventData(eventID: "raw-1", type: "edit", payload: payload)], to: "s1", expecting: .any)
        }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.hasPrefix("payload of event raw-1 in stream s1 is not acceptable JSON: ") == true, "\(error?.message ?? "")")
        #expect(try await database.backend.lastPosition() == 1)
    }

    @Test func callerMetadataIsChecked() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let event = EventData(eventID: "raw-1", type: "endSession", payload: "{}", metadata: #"{"command":"endSession""#)
        let error = await #expect(throws: SheetLogError.self) { try await database.backend.append([event], to: "s1", expecting: .any) }
        #expect(error?.message.hasPrefix("metadata of event raw-1 is not acceptable JSON: ") == true)
        #expect(try await database.backend.lastPosition() == 0)
    }

    /// Text the decider lets through but the log never stores: refused by the store, as before.
    @Test("a command whose payload would hold a NUL is refused by the store", arguments: [
        SheetCommand.saveFailed(reason: "disk\u{0}full"),
        SheetCommand.present(presentation: "p2", route: Route(name: "newFriend", params: ["id": "7\u{0}"])),
    ])
    func nulInWrittenPayload(_ command: SheetCommand) async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "s1")
        try await database.record(.edit(field: "amount", value: "1"), in: "s1")
        let error = await #expect(throws: SheetLogError.self) { try await database.record(command, in: "s1", id: "cmd-1") }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.hasPrefix("payload of event cmd-1 in stream s1 is not acceptable JSON: escaped NUL (\\u0000) in a string at byte ") == true,
                "\(error?.message ?? "")")
        #expect(try await database.backend.lastPosition() == 2)
    }

    @Test("the facade's own payloads are stored as written, every number and character intact")
    func writtenPayloadsAreStored() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let baseline: [String: FieldValue] = ["a": .number(-0.0), "b": .number(9_007_199_254_740_992), "c": "tab\t\"q\" é 😀 \u{7F}", "d": nil]
        try await database.record(.present(presentation: "p1", route: .newExpense, baseline: baseline), in: "s1", id: "cmd-1")
        let stored = try await database.backend.events(withIDs: ["cmd-1"])
        #expect(stored.first?.payload
            == #"{"baseline":{"a":-0,"b":9007199254740992,"c":"tab\t\"q\" é 😀 \#u{7F}","d":null},"guard":"whenDirty","presentation":"p1","required":[],"route":{"group":"newExpense","name":"newExpense","params":{}}}"#)
        #expect(try await database.state(of: "s1").top?.baseline == baseline)
    }
}
