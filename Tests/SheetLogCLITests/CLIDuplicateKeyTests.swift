import Foundation
import Testing

/// A key is a duplicate when it equals an earlier key of its object after its escapes are decoded
/// (and as Swift compares strings, so a canonically equivalent spelling is the same key): the
/// second spelling of `value` or `session` must not win or redirect the command.
@Suite("sheetlog ingest compares decoded keys")
struct CLIDuplicateKeyTests {
    static let cases: [(name: String, line: String)] = [
        ("value spelled with \\u0065", #"{"session":"s1","type":"edit","field":"amount","value":"1","valu\u0065":"2"}"#),
        ("session spelled with \\u006e", #"{"session":"s1","type":"edit","field":"amount","value":"1","sessio\u006e":"s2"}"#),
        ("baseline key with \\/", present(baseline: #"{"a/b":"1","a\/b":"2"}"#)),
        ("baseline key as a surrogate pair", present(baseline: #"{"😀":"1","\ud83d\ude00":"2"}"#)),
        ("baseline key in NFC and NFD", present(baseline: "{\"\u{E9}\":\"1\",\"e\u{301}\":\"2\"}")),
        ("route param key with \\u0069", present(params: #"{"id":"1","\u0069d":"2"}"#)),
    ]

    static func present(baseline: String = "{}", params: String = "{}") -> String {
        #"{"session":"s1","type":"present","presentation":"p2","route":{"name":"other","params":\#(params)},"baseline":\#(baseline)}"#
    }

    @Test(arguments: cases.indices)
    func decodedDuplicateIsRejected(_ index: Int) throws {
        let (name, line) = Self.cases[index]
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.ingest([IngestLines.present(), line])
        #expect(run.status == 1, "\(name)")
        #expect(run.stderr.hasPrefix("sheetlog: line 2: the line is not acceptable JSON: duplicate key"), "\(name): \(run.stderr)")
        #expect(try StoredLog(path: cli.database).eventCount() == 0, "\(name)")
    }

    @Test func keysThatDifferAfterDecodingAreKept() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.ingest([IngestLines.present(), present(baseline: #"{"\u0041":"1","a":"2","a\/b":"3","a\\/b":"4"}"#)])
        #expect(run.status == 0, "\(run.stderr)")
        let stored = try StoredLog(path: cli.database).events().joined(separator: "\n")
        #expect(stored.contains(#""baseline":{"A":"1","a":"2","a/b":"3","a\\/b":"4"}"#), "\(stored)")
    }

    private func present(baseline: String) -> String { Self.present(baseline: baseline) }
}
