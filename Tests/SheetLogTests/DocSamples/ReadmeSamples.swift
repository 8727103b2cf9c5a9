import Foundation
import SheetLog
import SheetLogTestSupport
import Testing

/// The README's Swift example, compiled and run.
@Suite struct ReadmeSamples {
    /// A draft of an earlier launch waits in the file, so that the README's loop at "the next
    /// launch" meets two drafts of the same group and id, and must bring both back.
    @Test func theAppExampleRecordsAndBringsBackEveryDraft() async throws {
        let directory = try TemporaryDirectory()
        let drafts = directory.url.appendingPathComponent("drafts.sqlite")
        do {
            let earlier = try SheetLogDatabase.open(path: drafts.path)
            try await earlier.record(.present(presentation: "expense-1", route: Route(name: "newExpense", group: "editor"),
                                              required: ["amount"]), in: "window-0")
            try await earlier.record(.edit(field: "amount", value: "12.80"), in: "window-0")
            try earlier.close()
        }

        // doc-sample: README.md
        let log = try SheetLogDatabase.open(path: drafts.path)          // WAL, synchronous=FULL by default
        let window = log.session("window-1")
        try await window.record(.present(presentation: "expense-1", route: Route(name: "newExpense", group: "editor"),
                                         required: ["amount"]))
        try await window.record(.edit(field: "amount", value: "47.50"))
        let result = try await window.record(.attemptDismiss(source: .swipe))
        assert(result.state.top?.pendingConfirmation == PendingConfirmation(source: .swipe, offersSave: true))

        // At the next launch: every draft comes back, each in a new session (a window of its own).
        for draft in try await log.recoverableDrafts() {
            try await log.restoreDraft(draft.reference, into: "window-\(UUID().uuidString)")  // every field as it was
        }
        // end doc-sample

        #expect(result.state.top?.pendingConfirmation == PendingConfirmation(source: .swipe, offersSave: true))
        // The old drafts are answered; the restored sheets, dirty and on screen, are the ones a crash would now leave.
        #expect(try await log.recoverableDrafts().allSatisfy { !["window-0", "window-1"].contains($0.session) })
        let restored = try await RestoredDrafts.amounts(in: log, besides: ["window-0", "window-1"])
        #expect(restored == ["12.80", "47.50"])
    }
}

/// What the recovery examples brought back, read independently of them.
enum RestoredDrafts {
    /// The `amount` of every sheet on screen in the sessions other than `old`, which a restore
    /// presented with `restoredFrom` set; sorted.
    static func amounts(in log: SheetLogDatabase, besides old: Set<String>) async throws -> [String] {
        var amounts: [String] = []
        for summary in try await log.sessions() where !old.contains(summary.session) {
            for sheet in try await log.state(of: summary.session).stack where sheet.restoredFrom != nil {
                if case .string(let amount)? = sheet.values["amount"] { amounts.append(amount) }
            }
        }
        return amounts.sorted()
    }
}
