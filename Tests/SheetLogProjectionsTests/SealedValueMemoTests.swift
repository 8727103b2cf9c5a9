import SheetLogCore
import SheetLogDomain
import SheetLogProjections
import Testing

/// The memo must give exactly what sealing the value again gives, whatever it remembers.
@Suite("sealed value memo")
struct SealedValueMemoTests {
    func fresh(_ value: FieldValue, _ session: String, _ column: String, _ presentation: String, _ field: String, _ key: DataKey) -> String {
        SealedText.seal(value, at: .projection(column: column, session: session, presentation: presentation, field: field), with: key)
    }

    @Test("over many places (two sessions), values, keys and a full memo, every text is the text sealing gives")
    func alwaysTheFreshText() {
        var memo = SealedValueMemo()
        let keys = [DataKey.random(), DataKey.random()]
        var random = SystemRandomNumberGenerator()
        // 0 and -0 are equal values with different texts; "1" and 1 are different values.
        let values: [FieldValue] = [.number(0), .number(-0.0), .string("1"), .number(1), .null, .string(""), .bool(true)]
        for step in 0..<3_000 {
            let key = keys[step < 2_000 ? 0 : Int.random(in: 0...1, using: &random)]
            let session = "s\(Int.random(in: 0..<2, using: &random))"
            let presentation = "p\(Int.random(in: 0..<12, using: &random))"
            let field = "f\(Int.random(in: 0..<8, using: &random))"
            let column = Bool.random(using: &random) ? "baseline" : "draft_values"
            let value = values.randomElement(using: &random)!
            let text = memo.sealed(value, column: column, session: session, presentation: presentation, field: field, with: key)
            #expect(text == fresh(value, session, column, presentation, field, key), "step \(step)")
        }
    }
}
