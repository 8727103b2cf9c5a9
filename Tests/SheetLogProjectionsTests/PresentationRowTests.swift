import GRDB
import SheetLogDomain
import Testing

@Suite("presentations and sessions rows")
struct PresentationRowTests {
    static let expense = Route(name: "newExpense", group: "editor", params: ["itemID": "123"])

    @Test("present writes an open row with the route, guard, baseline and positions", arguments: SheetHarness.StoreKind.allCases)
    func presentRow(_ kind: SheetHarness.StoreKind) async throws {
        let harness = try SheetHarness.make(kind)
        let recorded = try await harness.run(.present(
            presentation: "p1", route: Self.expense, baseline: ["amount": 12, "category": "food"], required: ["amount"],
            guard: .always))
        let row = try #require(try await harness.presentation("p1"))
        #expect(row["route_name"] == "newExpense")
        #expect(row["route_group"] == "editor")
        #expect(row["route_params"] == #"{"itemID":"123"}"#)
        #expect(row["guard"] == "always")
        #expect(row["required_fields"] == #"["amount"]"#)
        #expect(row["baseline"] == #"{"amount":12,"category":"food"}"#)
        #expect(row["draft_values"] == row["baseline"] as String)
        #expect(row["dirty"] == 0)
        #expect(row["changed_fields"] == "[]")
        #expect(row["status"] == "open")
        #expect(row["stack_index"] == 0)
        #expect(row["pending_source"] == nil as String?)
        #expect(row["opened_at"] == harness.now)
        #expect(row["closed_at"] == nil as Int64?)
        #expect(row["last_edit_at"] == nil as Int64?)
        #expect(row["opened_position"] == recorded[0].position)
        #expect(row["last_position"] == recorded[0].position)
    }

    @Test("edits update the draft, dirty, changed fields and last edit time; typing back to the baseline cleans",
          arguments: SheetHarness.StoreKind.allCases)
    func editsAndBackToBaseline(_ kind: SheetHarness.StoreKind) async throws {
        let harness = try SheetHarness.make(kind)
        try await harness.run(.present(presentation: "p1", route: Self.expense, baseline: ["amount": 12]))
        try await harness.run(.edit(field: "amount", value: 13.5))
        let edited = try await harness.run(.edit(field: "notes", value: "lunch \"team\"\n"))
        var row = try #require(try await harness.presentation("p1"))
        #expect(try fieldValues(row["draft_values"]) == ["amount": 13.5, "notes": "lunch \"team\"\n"])
        #expect(row["dirty"] == 1)
        #expect(row["changed_fields"] == #"["amount","notes"]"#)
        #expect(row["last_edit_at"] == harness.now)
        #expect(row["last_position"] == edited[0].position)

        try await harness.run(.edit(field: "amount", value: 12))
        try await harness.run(.edit(field: "notes", value: ""))
        row = try #require(try await harness.presentation("p1"))
        #expect(row["dirty"] == 0)
        #expect(row["changed_fields"] == "[]")
        #expect(row["last_edit_at"] == harness.now)
        #expect(try await harness.rows("SELECT * FROM recoverable_drafts").isEmpty)
    }

    @Test("the session row holds the stack, status, version and positions; stack indexes follow the stack")
    func sessionRowAndStack() async throws {
        let harness = try SheetHarness.inMemory()
        let first = try await harness.run(.present(presentation: "list", route: Route(name: "settings")))
        try await harness.run(.present(presentation: "p1", route: Self.expense))
        try await harness.run(.edit(field: "amount", value: "47.50"))
        var session = try #require(try await harness.session())
        #expect(session["stack"] == #"["list","p1"]"#)
        #expect(session["status"] == "active")
        #expect(session["version"] == 3)
        #expect(session["started_at"] == first[0].occurredAt)
        #expect(session["first_position"] == first[0].position)
        #expect(try await harness.presentation("p1")?["stack_index"] == 1)

        try await harness.run(.save())
        let ended = try await harness.run(.endSession)
        session = try #require(try await harness.session())
        #expect(session["stack"] == #"["list"]"#)
        #expect(session["status"] == "ended")
        #expect(session["ended_at"] == harness.now)
        #expect(session["last_event_at"] == harness.now)
        #expect(session["version"] == 5)
        #expect(session["last_position"] == ended[0].position)
        let saved = try #require(try await harness.presentation("p1"))
        #expect(saved["status"] == "saved")
        #expect(saved["stack_index"] == nil as Int?)
        #expect(saved["closed_at"] != nil as Int64?)
    }

    @Test("a sheet closed below the top moves the sheets above it down the stack")
    func stackIndexesShift() async throws {
        let harness = try SheetHarness.inMemory()
        try await harness.run(.present(presentation: "a", route: Route(name: "settings")))
        try await harness.run(.edit(field: "theme", value: "dark"))
        try await harness.run(.present(presentation: "b", route: Route(name: "picker")))
        try await harness.run(.endSession)
        // In a new session, restore the draft "a" that sits under "b" in the ended one.
        try await harness.restore(DraftReference(session: "s1", presentation: "a"), into: "s2")
        #expect(try await harness.session("s1")?["stack"] == #"["b"]"#)
        #expect(try await harness.presentation("b")?["stack_index"] == 0)
        #expect(try await harness.presentation("a")?["stack_index"] == nil as Int?)
        #expect(try await harness.store.verifyProjections().isEmpty)
    }

    @Test("a failed save is recorded on the row, and a later save clears it")
    func saveFailure() async throws {
        let harness = try SheetHarness.inMemory()
        try await harness.run(.present(presentation: "p1", route: Self.expense))
        try await harness.run(.edit(field: "amount", value: 3))
        try await harness.run(.saveFailed(reason: "offline"))
        let failedAt = harness.now
        #expect(try await harness.presentation("p1")?["last_save_failure_at"] == failedAt)
        #expect(try await harness.presentation("p1")?["status"] == "open")
        try await harness.run(.save())
        #expect(try await harness.presentation("p1")?["last_save_failure_at"] == nil as Int64?)
    }

    @Test("draft values of every kind are stored as JSON that reads back as the same values")
    func valuesRoundTrip() async throws {
        let harness = try SheetHarness.inMemory()
        try await harness.run(.present(presentation: "p1", route: Self.expense))
        let values: [String: FieldValue] = [
            "control": "a\u{01}b\t\"c\"\\", "unicode": "Café 🍜", "big": 1e20, "small": 0.1, "negative": -3, "flag": false,
        ]
        for (field, value) in values.sorted(by: { $0.key < $1.key }) {
            try await harness.run(.edit(field: field, value: value))
        }
        let row = try #require(try await harness.rows(
            "SELECT draft_values, json_extract(draft_values, '$.negative') AS negative FROM presentations").first)
        #expect(try fieldValues(row["draft_values"]) == values)
        #expect(row["negative"] == -3)
        #expect(try await harness.store.verifyProjections().isEmpty)
    }
}
