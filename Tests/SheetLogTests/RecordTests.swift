import Foundation
import Testing
import SheetLog

@Suite("Recording commands")
struct RecordTests {
    @Test("record appends the decided events with the command id and metadata, and returns the new state")
    func recordsEvents() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let present = try await database.record(
            .present(presentation: "p1", route: .newExpense, required: ["amount"]), in: "s1", id: "c1", occurredAt: 10)
        #expect(present.events.map(\.eventID) == ["c1"])
        #expect(present.events.first?.occurredAt == 10)
        #expect(present.events.first?.metadata == #"{"appVersion":"1.0","command":"present"}"#)
        #expect(present.state.top?.id == "p1")
        #expect(!present.alreadyStored)

        let edit = try await database.record(.edit(field: "amount", value: "47.50"), in: "s1")
        #expect(edit.events.count == 1)
        #expect(edit.state.top?.isDirty == true)
        let state = try await database.state(of: "s1")
        #expect(state == edit.state)
        #expect(state.version == 2)
    }

    @Test("an edit that changes nothing appends nothing")
    func noOpEdit() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "s1")
        let result = try await database.record(.edit(field: "notes", value: ""), in: "s1")
        #expect(result.events.isEmpty)
        #expect(try await database.backend.lastPosition() == 1)
    }

    @Test("dismissAll's further events get derived ids; only the first names the command")
    func dismissAllIDs() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions(metadata: [:]))
        try await database.record(.present(presentation: "a", route: .newExpense), in: "s1")
        try await database.record(.present(presentation: "b", route: .newFriend), in: "s1")
        let result = try await database.record(.dismissAll(source: .programmatic), in: "s1", id: "all")
        #expect(result.events.map(\.eventID) == ["all", "all#2"])
        #expect(result.events.map(\.metadata) == [#"{"command":"dismissAll"}"#, "{}"])
        #expect(result.state.stack.isEmpty)
    }
}
