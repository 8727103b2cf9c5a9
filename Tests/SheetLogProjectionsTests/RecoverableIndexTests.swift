import GRDB
import SheetLogDomain
import Testing

/// Migration 0008: `presentations_recoverable` holds the recoverable drafts only, so that an append
/// that presents, saves or closes a clean sheet does not write a page of it.
@Suite("the recoverable drafts' index")
struct RecoverableIndexTests {
    /// Five sessions, one presentation each: a clean sheet on screen, an open dirty draft, a saved
    /// one, a forced (abandoned) one and a discarded one. Recoverable: s2/p2 (open), s4/p4 (abandoned).
    private func fiveSheets() async throws -> SheetHarness {
        let harness = try SheetHarness.make(.file)
        for number in 1...5 {
            try await harness.run(.present(presentation: "p\(number)", route: Route(name: "form\(number)")), in: "s\(number)")
        }
        for number in 2...5 { try await harness.run(.edit(field: "title", value: .string("draft \(number)")), in: "s\(number)") }
        try await harness.run(.save(values: nil), in: "s3")
        try await harness.run(.attemptDismiss(source: .programmatic), in: "s4")
        try await harness.run(.attemptDismiss(source: .swipe), in: "s5")
        try await harness.run(.confirmDiscard(), in: "s5")
        return harness
    }

    @Test("the index has an entry for each recoverable draft and none for the other presentations")
    func holdsTheRecoverableDraftsOnly() async throws {
        let harness = try await fiveSheets()
        let entries = try await harness.rows("""
            SELECT sum(ncell) AS entries FROM dbstat WHERE name = 'presentations_recoverable' AND pagetype = 'leaf'
            """)
        #expect(entries.first?["entries"] == 2 as Int64?)
        let drafts = try await harness.rows("SELECT session, reason FROM recoverable_drafts ORDER BY session")
        #expect(drafts.map { "\($0["session"] as String) \($0["reason"] as String)" } == ["s2 open", "s4 abandoned"])
        #expect(try await harness.rows("SELECT * FROM presentations").count == 5)
        #expect(try await harness.store.verifyProjections().isEmpty)
    }

    @Test("the recovery screen's query and the view read through the index, not the whole table")
    func recoveryReadsThroughTheIndex() async throws {
        let harness = try await fiveSheets()
        let plan = try await harness.rows("""
            EXPLAIN QUERY PLAN SELECT session, presentation, draft_values FROM recoverable_drafts
            ORDER BY last_position, session, presentation
            """).map { $0["detail"] as String }
        #expect(plan.contains { $0.contains("USING INDEX presentations_recoverable") }, "\(plan)")
        let stats = try await harness.rows("EXPLAIN QUERY PLAN SELECT count(*) FROM recoverable_drafts WHERE reason = 'open'")
            .map { $0["detail"] as String }
        #expect(stats.contains { $0.contains("presentations_recoverable") }, "\(stats)")
    }
}
