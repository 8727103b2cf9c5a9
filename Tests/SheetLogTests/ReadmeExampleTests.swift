import Foundation
import SheetLog
import Testing

/// The README's "In an app" example, kept compiling and true.
@Suite struct ReadmeExampleTests {
    @Test func theAppExampleRecordsAndRecovers() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("drafts.sqlite").path

        do {
            let log = try SheetLogDatabase.open(path: path)
            let window = log.session("window-1")
            try await window.record(.present(presentation: "expense-1", route: Route(name: "newExpense", group: "editor"),
                                             required: ["amount"]))
            try await window.record(.edit(field: "amount", value: "47.50"))
            let result = try await window.record(.attemptDismiss(source: .swipe))
            #expect(result.state.top?.pendingConfirmation == PendingConfirmation(source: .swipe, offersSave: true))
        }

        // At the next launch:
        let log = try SheetLogDatabase.open(path: path)
        let drafts = try await log.recoverableDrafts()
        #expect(drafts.map(\.presentation) == ["expense-1"])
        for draft in drafts {
            try await log.restoreDraft(draft.reference, into: "window-2")
        }
        let restored = try await log.state(of: "window-2")
        #expect(restored.top?.values["amount"] == "47.50")
    }
}
