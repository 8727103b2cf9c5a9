import Foundation
import Testing

/// Each class of bad input: the error names the line, the exit code is 1, and the database is
/// unchanged by default or holds only the good lines with `--each`, which answers the bad one on stdout too.
@Suite("sheetlog ingest rejects bad input")
struct CLIBadInputTests {
    /// A bad line, as bytes, and the start of the error it must produce after `line 2: `.
    static let cases: [(name: String, line: [UInt8], error: String)] = [
        ("unknown type", Array(#"{"session":"s1","type":"teleport"}"#.utf8), "unknown type teleport"),
        ("unknown field", Array(#"{"session":"s1","type":"edit","field":"a","value":"x","colour":"red"}"#.utf8), "edit: unknown field colour"),
        ("duplicate key", Array(#"{"session":"s1","type":"edit","field":"a","field":"b","value":"x"}"#.utf8), "the line is not acceptable JSON: duplicate key"),
        ("wrong value type", Array(#"{"session":"s1","type":"edit","field":"a","value":[1]}"#.utf8), "edit: field value must be a string, number, boolean or null"),
        ("illegal transition", Array(#"{"session":"s1","type":"confirmDiscard"}"#.utf8), "confirmDiscard: no confirmation is pending in session s1"),
        ("over the size limit", Array((#"{"session":"s1","type":"saveFailed","reason":""# + String(repeating: "x", count: 70_000) + #""}"#).utf8), "the line is 70048 bytes, over the limit of 65536"),
        ("invalid UTF-8", Array(#"{"session":"s1","type":"saveFailed","reason":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8), "the line is not valid UTF-8"),
    ]

    private func input(_ bad: [UInt8]) -> Data {
        var data = Data((IngestLines.present() + "\n").utf8)
        data.append(contentsOf: bad)
        data.append(contentsOf: Array(("\n" + IngestLines.edit() + "\n").utf8))
        return data
    }

    @Test(arguments: cases.indices)
    func defaultModeRejectsEverything(_ index: Int) throws {
        let (name, bad, error) = Self.cases[index]
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.run(["ingest", "-"], input: input(bad))
        #expect(run.status == 1, "\(name)")
        #expect(run.stderr.hasPrefix("sheetlog: line 2: \(error)"), "\(name): \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(name): one sentence")
        #expect(run.stdout.isEmpty)
        #expect(try StoredLog(path: cli.database).eventCount() == 0, "\(name)")
    }

    @Test(arguments: cases.indices)
    func eachModeKeepsTheGoodLines(_ index: Int) throws {
        let (name, bad, error) = Self.cases[index]
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.run(["ingest", "-", "--each"], input: input(bad))
        #expect(run.status == 1, "\(name)")
        #expect(run.stderr.hasPrefix("sheetlog: line 2: \(error)"), "\(name): \(run.stderr)")
        let answers = run.stdout.split(separator: "\n").map(String.init)
        #expect(answers.count == 3, "\(name): two acks and the rejection, one answer per line")
        #expect(answers.dropFirst().first?.hasPrefix(#"{"code":""#) == true, "\(name): \(answers)")
        #expect(answers.dropFirst().first?.hasSuffix(#","line":2}"#) == true, "\(name): \(answers)")
        #expect(try StoredLog(path: cli.database).eventCount() == 2, "\(name)")
    }

    @Test func errorsNeverQuoteAFormValue() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.ingest([#"{"session":"s1","type":"edit","field":"iban","value":{"secret":"DE89370400440532013000"}}"#])
        #expect(run.status == 1)
        #expect(!run.stderr.contains("DE89"))
        // --each answers the rejection on stdout as well: no value there either.
        let each = try cli.ingest([IngestLines.present(), #"{"session":"s1","type":"edit","field":"iban","value":{"secret":"DE89370400440532013000"}}"#,
                                   #"{"session":"s1","type":"confirmDiscard","note":"DE89370400440532013000"}"#], ["--each"])
        #expect(each.status == 1)
        #expect(each.stdout.split(separator: "\n").count == 3)
        #expect(!each.stdout.contains("DE89") && !each.stderr.contains("DE89"), "\(each.stdout)\(each.stderr)")
    }
}
