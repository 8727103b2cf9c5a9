import SheetLogJSON
import Testing

/// JSON the viewer embeds in a `<script>` element: nothing in it can end the element or open a
/// comment, and it reads back as the same value.
@Suite("JSONWriter.scriptSafeText")
struct ScriptSafeJSONTests {
    @Test(arguments: ["</script><script>alert(1)</script>", "<!--", "a & b > c", "line\u{2028}para\u{2029}end", "plain", "é ☃ 😀"])
    func embedsSafelyAndReadsBackTheSame(text: String) throws {
        var writer = JSONWriter()
        writer.raw("[")
        writer.string(text)
        writer.raw(",")
        writer.strings([text, "x"])
        writer.raw("]")
        let safe = writer.scriptSafeText
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            #expect(!safe.contains(forbidden), "\(forbidden) in \(safe)")
        }
        guard case .array(let values) = try JSONValue.parse(safe) else {
            Issue.record("not an array: \(safe)")
            return
        }
        #expect(values.first?.string == text)
        guard case .array(let inner) = values.last else {
            Issue.record("no inner array: \(safe)")
            return
        }
        #expect(inner.first?.string == text)
        if !text.contains(where: { "<>&\u{2028}\u{2029}".contains($0) }) { #expect(safe == writer.text) }
    }
}
