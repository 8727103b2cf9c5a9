import Testing
import SheetLog
import SheetLogSQLite

@Suite("Stored enum texts matched from bytes")
struct StoredEnumTextTests {
    private func match<Value: StoredEnumText>(_ type: Value.Type, _ text: String) -> Value? {
        var text = text
        return text.withUTF8 { Value.matching($0) }
    }

    @Test("every case is found from its own raw value")
    func everyCase() {
        for source in DismissSource.allCases { #expect(match(DismissSource.self, source.rawValue) == source) }
        for outcome in DismissOutcome.allCases { #expect(match(DismissOutcome.self, outcome.rawValue) == outcome) }
        for resolution in DismissalRecord.Resolution.allCases {
            #expect(match(DismissalRecord.Resolution.self, resolution.rawValue) == resolution)
        }
    }

    @Test("prefixes, longer texts, other cases and the empty text match nothing")
    func nearMisses() {
        for text in ["", "swip", "swipes", "Swipe", "cancel", "cancelButton ", " forced", "dismisse", "saved\0"] {
            #expect(match(DismissSource.self, text) == nil, "\(text)")
            #expect(match(DismissOutcome.self, text) == nil, "\(text)")
        }
        // Same length as `saved`, one byte off.
        #expect(match(DismissalRecord.Resolution.self, "savee") == nil)
        #expect(match(DismissalRecord.Resolution.self, "saveFailed") == .saveFailed)
        #expect(match(DismissalRecord.Resolution.self, "save") == nil)
    }

    @Test("a buffer without a base address matches nothing")
    func emptyBuffer() {
        #expect(DismissSource.matching(UnsafeBufferPointer(start: nil, count: 0)) == nil)
    }
}
