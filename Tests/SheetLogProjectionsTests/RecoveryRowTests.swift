import GRDB
import SheetLogDomain
import Testing

@Suite("recoverable drafts, restores and declines")
struct RecoveryRowTests {
    /// Session s1 with a dirty expense draft still on screen when it ended.
    private func crashedDraft(_ kind: SheetHarness.StoreKind = .memory) async throws -> SheetHarness {
        let harness = try SheetHarness.make(kind)
        try await harness.run(.present(
            presentation: "p1", route: Route(name: "newExpense", params: ["itemID": "9"]), baseline: ["amount": 12],
            required: ["amount"]))
        try await harness.run(.edit(field: "amount", value: "47.50"))
        try await harness.run(.edit(field: "notes", value: "taxi"))
        return harness
    }

    @Test("an open dirty draft is recoverable with reason open, values and changed fields", arguments: SheetHarness.StoreKind.allCases)
    func openDraftIsRecoverable(_ kind: SheetHarness.StoreKind) async throws {
        let harness = try await crashedDraft(kind)
        try await harness.run(.endSession)
        let drafts = try await harness.rows("SELECT * FROM recoverable_drafts")
        try #require(drafts.count == 1)
        let draft = drafts[0]
        #expect(draft["session"] == "s1")
        #expect(draft["presentation"] == "p1")
        #expect(draft["reason"] == "open")
        #expect(draft["route_params"] == #"{"itemID":"9"}"#)
        #expect(try fieldValues(draft["draft_values"]) == ["amount": "47.50", "notes": "taxi"])
        #expect(try fieldValues(draft["baseline"]) == ["amount": 12])
        #expect(try strings(draft["changed_fields"]) == ["amount", "notes"])
        #expect(draft["closed_at"] == nil as Int64?)
    }

    @Test("a forced dismissal leaves the draft abandoned and recoverable")
    func forcedIsAbandoned() async throws {
        let harness = try await crashedDraft()
        try await harness.run(.attemptDismiss(source: .programmatic))
        let presentation = try #require(try await harness.presentation("p1"))
        #expect(presentation["status"] == "abandoned")
        #expect(presentation["closed_at"] == harness.now)
        let drafts = try await harness.rows("SELECT presentation, reason, closed_at FROM recoverable_drafts")
        #expect(drafts.map { $0["reason"] as String } == ["abandoned"])
        #expect(drafts.first?["closed_at"] == harness.now)
    }

    @Test("restoring a draft into a new session: the old row is restored, the new one points back at it", arguments: SheetHarness.StoreKind.allCases)
    func restoreIntoNewSession(_ kind: SheetHarness.StoreKind) async throws {
        let harness = try await crashedDraft(kind)
        try await harness.run(.endSession)
        let restored = try await harness.restore(DraftReference(session: "s1", presentation: "p1"), into: "s2", as: "p9")
        let old = try #require(try await harness.presentation("p1", in: "s1"))
        #expect(old["status"] == "restored")
        #expect(old["last_position"] == restored.first { $0.stream == "s1" }?.position)
        let new = try #require(try await harness.presentation("p9", in: "s2"))
        #expect(new["status"] == "open")
        #expect(new["restored_from_session"] == "s1")
        #expect(new["restored_from_presentation"] == "p1")
        #expect(try fieldValues(new["draft_values"]) == ["amount": "47.50", "notes": "taxi"])
        #expect(try fieldValues(new["baseline"]) == ["amount": 12])
        #expect(new["dirty"] == true)
        #expect(new["last_edit_at"] == harness.now)
        #expect(new["required_fields"] == #"["amount"]"#)
        let drafts = try await harness.rows("SELECT session, presentation FROM recoverable_drafts")
        #expect(drafts.map { "\($0["session"] as String)/\($0["presentation"] as String)" } == ["s2/p9"])
        #expect(try await harness.session("s2")?["stack"] == #"["p9"]"#)
        #expect(try await harness.session("s1")?["stack"] == "[]")
    }

    @Test("restoring within the same session closes the old presentation and opens the new one")
    func restoreInSameSession() async throws {
        let harness = try await crashedDraft()
        try await harness.run(.attemptDismiss(source: .programmatic))
        try await harness.run(.restoreDraft(from: DraftReference(session: "s1", presentation: "p1"), as: "p2"))
        #expect(try await harness.presentation("p1")?["status"] == "restored")
        #expect(try await harness.presentation("p2")?["restored_from_presentation"] == "p1")
        #expect(try await harness.session()?["stack"] == #"["p2"]"#)
    }

    @Test("declining a draft marks it declined and takes it out of the recoverable drafts")
    func decline() async throws {
        let harness = try await crashedDraft()
        try await harness.run(.endSession)
        try await harness.run(.declineDraft(from: DraftReference(session: "s1", presentation: "p1")))
        let row = try #require(try await harness.presentation("p1"))
        #expect(row["status"] == "declined")
        #expect(row["stack_index"] == nil as Int?)
        #expect(try await harness.rows("SELECT * FROM recoverable_drafts").isEmpty)
    }

    @Test("saved and discarded drafts are not recoverable, though their rows keep the final values")
    func savedAndDiscardedAreNotRecoverable() async throws {
        let harness = try await crashedDraft()
        try await harness.run(.save(values: ["amount": "50", "notes": "taxi"]))
        try await harness.run(.present(presentation: "p2", route: Route(name: "newFriend")))
        try await harness.run(.edit(field: "name", value: "Ada"))
        try await harness.run(.attemptDismiss(source: .cancelButton))
        try await harness.run(.confirmDiscard())
        #expect(try await harness.presentation("p1")?["status"] == "saved")
        #expect(try fieldValues(try #require(try await harness.presentation("p1"))["draft_values"]) == ["amount": "50", "notes": "taxi"])
        #expect(try await harness.presentation("p2")?["status"] == "discarded")
        #expect(try await harness.rows("SELECT * FROM recoverable_drafts").isEmpty)
    }
}
