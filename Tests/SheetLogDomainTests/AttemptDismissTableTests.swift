import SheetLogDomain
import Testing

/// Every cell of DESIGN.md's `attemptDismiss` outcome table, for every guard that reaches it.
@Suite("attemptDismiss outcome table")
struct AttemptDismissTableTests {
    struct Cell: Sendable, CustomTestStringConvertible {
        var dismissGuard: DismissGuard
        var dirty: Bool
        var source: DismissSource
        var outcome: DismissOutcome
        /// nil: no confirmation raised; else whether it offers Save.
        var offersSave: Bool?
        var statusAfter: PresentationStatus

        var testDescription: String { "\(dismissGuard) \(dirty ? "dirty" : "clean") \(source) → \(outcome)" }
    }

    static let cells: [Cell] = [
        // not disabled: whenDirty + clean, never + clean, never + dirty (abandoned when popped dirty)
        Cell(dismissGuard: .whenDirty, dirty: false, source: .swipe, outcome: .dismissed, statusAfter: .dismissed),
        Cell(dismissGuard: .whenDirty, dirty: false, source: .cancelButton, outcome: .dismissed, statusAfter: .dismissed),
        Cell(dismissGuard: .whenDirty, dirty: false, source: .programmatic, outcome: .dismissed, statusAfter: .dismissed),
        Cell(dismissGuard: .never, dirty: false, source: .swipe, outcome: .dismissed, statusAfter: .dismissed),
        Cell(dismissGuard: .never, dirty: true, source: .swipe, outcome: .dismissed, statusAfter: .abandoned),
        Cell(dismissGuard: .never, dirty: true, source: .cancelButton, outcome: .dismissed, statusAfter: .abandoned),
        Cell(dismissGuard: .never, dirty: true, source: .programmatic, outcome: .dismissed, statusAfter: .abandoned),
        // disabled, dirty: whenDirty + dirty, always + dirty
        Cell(dismissGuard: .whenDirty, dirty: true, source: .swipe, outcome: .blocked, offersSave: true, statusAfter: .open),
        Cell(dismissGuard: .whenDirty, dirty: true, source: .cancelButton, outcome: .blocked, offersSave: false, statusAfter: .open),
        Cell(dismissGuard: .whenDirty, dirty: true, source: .programmatic, outcome: .forced, statusAfter: .abandoned),
        Cell(dismissGuard: .always, dirty: true, source: .swipe, outcome: .blocked, offersSave: true, statusAfter: .open),
        Cell(dismissGuard: .always, dirty: true, source: .cancelButton, outcome: .blocked, offersSave: false, statusAfter: .open),
        Cell(dismissGuard: .always, dirty: true, source: .programmatic, outcome: .forced, statusAfter: .abandoned),
        // disabled, clean: always + clean
        Cell(dismissGuard: .always, dirty: false, source: .swipe, outcome: .blocked, statusAfter: .open),
        Cell(dismissGuard: .always, dirty: false, source: .cancelButton, outcome: .dismissed, statusAfter: .dismissed),
        Cell(dismissGuard: .always, dirty: false, source: .programmatic, outcome: .dismissed, statusAfter: .dismissed),
    ]

    @Test("outcome, confirmation and resulting state", arguments: cells)
    func cell(_ cell: Cell) throws {
        var session = SessionHarness()
        try session.run(.present(presentation: "p1", route: Routes.newFriend, guard: cell.dismissGuard))
        if cell.dirty { try session.run(.edit(field: "name", value: "Ada")) }
        let events = try session.run(.attemptDismiss(source: cell.source))

        let payload = try #require(events.only?.attemptDismissPayload)
        #expect(payload.presentation == "p1")
        #expect(payload.source == cell.source)
        #expect(payload.outcome == cell.outcome)
        #expect(payload.dirty == cell.dirty)
        #expect(payload.changedFields == (cell.dirty ? ["name"] : []))
        #expect(payload.confirmation == (cell.offersSave != nil))
        #expect(payload.offersSave == cell.offersSave)
        #expect(payload.popped == (cell.outcome != .blocked))

        let presentation = try #require(session.state.presentation("p1"))
        #expect(presentation.status == cell.statusAfter)
        #expect(presentation.pendingConfirmation == cell.offersSave.map { PendingConfirmation(source: cell.source, offersSave: $0) })
        #expect(session.state.stackIDs == (payload.popped ? [] : ["p1"]))
        #expect(presentation.isRecoverable == (cell.dirty && cell.statusAfter != .dismissed))
        #expect(session.state.version == (cell.dirty ? 3 : 2))
    }

    @Test("isDismissDisabled follows the guard and dirtiness")
    func dismissDisabled() throws {
        for dismissGuard in DismissGuard.allCases {
            var session = SessionHarness()
            try session.run(.present(presentation: "p1", route: Routes.newFriend, guard: dismissGuard))
            #expect(session.state.top?.isDismissDisabled == (dismissGuard == .always))
            try session.run(.edit(field: "name", value: "Ada"))
            #expect(session.state.top?.isDismissDisabled == (dismissGuard != .never))
        }
    }

    @Test("attemptDismiss needs a top sheet, the named top, and no pending confirmation")
    func rejected() throws {
        var session = SessionHarness()
        session.expectRejected(.attemptDismiss(source: .swipe), "no sheet is presented")
        try session.runAll([.presentNewExpense("p1"), .present(presentation: "p2", route: Routes.picker)])
        session.expectRejected(.attemptDismiss(source: .swipe, presentation: "p1"), "presentation p1 is not the top sheet (p2)")
        try session.runAll([.edit(field: "category", value: "food"), .attemptDismiss(source: .cancelButton)])
        for source in DismissSource.allCases {
            session.expectRejected(.attemptDismiss(source: source), "a confirmation is pending on presentation p2")
        }
    }
}

extension Array {
    /// The single element, nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
