import Foundation
import SheetLogDomain
import SheetLogJSON
import Testing

/// The payload parser scans string contents eight bytes at a time: a quote, backslash, control
/// character or non-ASCII byte must be found at every offset of a word, and mean what it meant.
@Suite("payload parser string scan")
struct PayloadStringScanTests {
    /// What `JSONSerialization` reads from a JSON string literal, or nil when it refuses it.
    private func reference(_ literal: String) -> String? {
        (try? JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String])?.first
    }

    private func parsed(_ literal: String) -> String? {
        guard case .string(let text)? = try? JSONValue.parse(literal) else { return nil }
        return text
    }

    @Test("every special byte at every offset of the first words, and at the end")
    func specialsAtEveryOffset() {
        let specials = [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#, "é", "🙂", "\u{1}", "\t", "\""]
        for length in 0...26 {
            for offset in 0...length {
                for special in specials {
                    let plain = String(repeating: "a", count: length)
                    let index = plain.index(plain.startIndex, offsetBy: offset)
                    let literal = "\"" + plain[..<index] + special + plain[index...] + "\""
                    #expect(parsed(literal) == reference(literal), "\(literal.debugDescription)")
                }
                let unterminated = "\"" + String(repeating: "b", count: length)
                #expect(parsed(unterminated) == nil)
            }
        }
    }

    @Test("a long text with escapes between long plain runs")
    func longRuns() {
        let run = String(repeating: "lorem ipsum ", count: 20)
        let literal = "\"" + run + #"\"quoted\"\n"# + run + #"\u00e9\ud83d\ude00"# + run + "é🙂" + run + "\""
        #expect(parsed(literal) == reference(literal))
        #expect(parsed(literal)?.count == reference(literal)?.count)
    }

    @Test("escapes of every kind, back to back and between runs, decoded straight into the string")
    func escapesBackToBack() {
        let escapes = [#"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\u0041"#, #"\u00e9"#, #"\u20ac"#, #"\ud83d\ude00"#, "é", "🙂", "a"]
        for first in escapes {
            for second in escapes {
                for third in escapes {
                    let literal = "\"x" + first + second + "yz" + third + "\""
                    #expect(parsed(literal) == reference(literal), "\(literal)")
                }
            }
        }
        for bad in [#""a\n\x""#, #""a\n\u12""#, #""a\n\ud800""#, #""a\n\ud800\u0041""#, #""a\n\udc00""#, "\"a\\n\u{1}\"", #""a\n"#, #""a\"#] {
            #expect(parsed(bad) == nil, "\(bad)")
        }
    }
}
