import Foundation
import SheetLog
import Testing

/// Through the library: an edit that would make a draft too large to save or restore is refused
/// with the rule, the presentation and the field, and nothing is written; what was accepted saves.
@Suite("draft size through the library")
struct DraftSizeTests {
    @Test func theThirdLongEditIsRefusedAndTheDraftStillSaves() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let window = database.session("s1")
        try await window.record(.present(presentation: "p1", route: .newExpense))
        for field in ["a", "b"] { try await window.record(.edit(field: field, value: .string(String(repeating: "x", count: 30_000)))) }
        let error = await #expect(throws: SheetLogError.self) {
            try await window.record(.edit(field: "c", value: .string("val-secret" + String(repeating: "z", count: 30_000))))
        }
        #expect(error?.code == .payloadTooLarge)
        #expect(error?.context.presentation == "p1")
        #expect(error?.context.field == "c")
        #expect(error?.context.limit == 65_536)
        #expect(error?.message.hasPrefix("edit: field c would make the draft of presentation p1 take ") == true)
        #expect(error?.message.contains("val-secret") == false)
        #expect(try await database.backend.lastPosition() == 3)

        try await window.record(.attemptDismiss(source: .swipe))
        let saved = try await window.record(.save())
        #expect(saved.state.stack.isEmpty)
    }
}
