import GRDB
import SheetLogDomain
import Testing

@Suite("dismissals rows")
struct DismissalRowTests {
    /// A harness with one sheet on screen under `guard`, dirty when `dirty`.
    private func sheet(
        guard dismissGuard: DismissGuard = .whenDirty, dirty: Bool, kind: SheetHarness.StoreKind = .memory
    ) async throws -> SheetHarness {
        let harness = try SheetHarness.make(kind)
        try await harness.run(.present(
            presentation: "p1", route: Route(name: "newExpense", group: "editor"), baseline: ["amount": 12],
            guard: dismissGuard))
        if dirty { try await harness.run(.edit(field: "amount", value: 20)) }
        return harness
    }

    struct Cell: Sendable, CustomTestStringConvertible {
        var guardKind: DismissGuard
        var dirty: Bool
        var source: DismissSource
        var outcome: String
        var confirmation: Bool
        var offersSave: Bool
        var status: String

        var testDescription: String { "\(guardKind) \(dirty ? "dirty" : "clean") \(source)" }
    }

    static let cells: [Cell] = [
        Cell(guardKind: .whenDirty, dirty: false, source: .swipe, outcome: "dismissed", confirmation: false, offersSave: false, status: "dismissed"),
        Cell(guardKind: .whenDirty, dirty: true, source: .swipe, outcome: "blocked", confirmation: true, offersSave: true, status: "open"),
        Cell(guardKind: .whenDirty, dirty: true, source: .cancelButton, outcome: "blocked", confirmation: true, offersSave: false, status: "open"),
        Cell(guardKind: .whenDirty, dirty: true, source: .programmatic, outcome: "forced", confirmation: false, offersSave: false, status: "abandoned"),
        Cell(guardKind: .always, dirty: false, source: .swipe, outcome: "blocked", confirmation: false, offersSave: false, status: "open"),
        Cell(guardKind: .always, dirty: false, source: .cancelButton, outcome: "dismissed", confirmation: false, offersSave: false, status: "dismissed"),
        Cell(guardKind: .never, dirty: true, source: .swipe, outcome: "dismissed", confirmation: false, offersSave: false, status: "abandoned"),
    ]

    @Test("one row per attempt, with the outcome and the facts at the attempt", arguments: cells)
    func attemptRow(_ cell: Cell) async throws {
        let harness = try await sheet(guard: cell.guardKind, dirty: cell.dirty)
        let recorded = try await harness.run(.attemptDismiss(source: cell.source))
        let rows = try await harness.dismissals()
        try #require(rows.count == 1)
        let row = rows[0]
        #expect(row["position"] == recorded[0].position)
        #expect(row["presentation"] == "p1")
        #expect(row["route_name"] == "newExpense")
        #expect(row["route_group"] == "editor")
        #expect(row["source"] == cell.source.rawValue)
        #expect(row["outcome"] == cell.outcome)
        #expect(row["dirty"] == cell.dirty)
        #expect(row["changed_fields"] == (cell.dirty ? #"["amount"]"# : "[]"))
        #expect(row["confirmation"] == cell.confirmation)
        #expect(row["offers_save"] == cell.offersSave)
        #expect(row["occurred_at"] == harness.now)
        #expect(row["resolution"] == nil as String?)

        let presentation = try #require(try await harness.presentation("p1"))
        #expect(presentation["status"] == cell.status)
        #expect(presentation["pending_source"] == (cell.confirmation ? cell.source.rawValue : nil))
        #expect(presentation["pending_offers_save"] == (cell.confirmation ? cell.offersSave : nil))
        let recoverable = try await harness.rows("SELECT reason FROM recoverable_drafts")
        let expectedReason: String? = cell.status == "abandoned" ? "abandoned" : (cell.dirty ? "open" : nil)
        #expect(recoverable.map { $0["reason"] as String } == (expectedReason.map { [$0] } ?? []))
    }

    static let answers: [(SheetCommand, String, String)] = [
        (.confirmDiscard(), "discarded", "discarded"),
        (.keepEditing(), "keptEditing", "open"),
        (.save(), "saved", "saved"),
        (.saveFailed(reason: "offline"), "saveFailed", "open"),
    ]

    @Test("an answered alert resolves its dismissal row", arguments: SheetHarness.StoreKind.allCases, answers)
    func resolution(_ kind: SheetHarness.StoreKind, _ answer: (SheetCommand, String, String)) async throws {
        let (answer, resolution, status) = answer
        let harness = try await sheet(dirty: true, kind: kind)
        let attempt = try await harness.run(.attemptDismiss(source: .swipe))
        let answered = try await harness.run(answer)
        let row = try #require(try await harness.dismissals().first)
        #expect(row["position"] == attempt[0].position)
        #expect(row["resolution"] == resolution)
        #expect(row["resolved_at"] == harness.now)
        #expect(row["resolved_position"] == answered[0].position)
        let presentation = try #require(try await harness.presentation("p1"))
        #expect(presentation["status"] == status)
        #expect(presentation["pending_source"] == nil as String?)
        let audit = try #require(try await harness.rows("SELECT route, resolution, at FROM audit_dismissals").first)
        #expect(audit["route"] == "newExpense")
        #expect(audit["resolution"] == resolution)
        #expect((audit["at"] as String).hasSuffix("Z"))
    }

    @Test("only the latest alert is resolved; earlier ones keep their answer")
    func severalAlerts() async throws {
        let harness = try await sheet(dirty: true)
        try await harness.run(.attemptDismiss(source: .cancelButton))
        try await harness.run(.keepEditing())
        try await harness.run(.attemptDismiss(source: .swipe))
        try await harness.run(.confirmDiscard())
        let rows = try await harness.dismissals()
        #expect(rows.map { $0["resolution"] as String? } == ["keptEditing", "discarded"])
        #expect(rows.map { $0["offers_save"] as Bool } == [false, true])
    }

    @Test("dismissAll writes one row per sheet and stops at the blocked one")
    func dismissAll() async throws {
        let harness = try await sheet(dirty: true)
        try await harness.run(.present(presentation: "p2", route: Route(name: "picker")))
        try await harness.run(.dismissAll(source: .swipe))
        let rows = try await harness.dismissals()
        #expect(rows.map { $0["presentation"] as String } == ["p2", "p1"])
        #expect(rows.map { $0["outcome"] as String } == ["dismissed", "blocked"])
        #expect(try await harness.session()?["stack"] == #"["p1"]"#)
    }
}
