import Foundation
import SheetLog
import Testing

/// Every `--json` output of every command: one JSON document (or one per line for acks), ending
/// in exactly one line break, with empty arrays and objects written `[]` and `{}`.
@Suite("sheetlog --json output shape")
struct CLIJSONShapeTests {
    /// Checks the shape of `text`, a single JSON document followed by one line break.
    private func expectWellShaped(_ text: String, _ label: String) {
        #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"), "\(label): one trailing line break")
        #expect((try? CLIHarness.json(text)) != nil, "\(label): not JSON")
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.allSatisfy(\.isWhitespace) }, "\(label): a blank line inside the JSON:\n\(text)")
    }

    @Test func emptyResultsAreCompactEmptyContainers() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        // An empty log (ingest of no lines creates no file).
        try SheetLogDatabase.open(path: cli.database).close()
        #expect(try cli.run(["audit", "--json"]).stdout == "[]\n")
        #expect(try cli.run(["recover", "--json"]).stdout == "[]\n")
        let stats = try cli.run(["stats", "--json"]).stdout
        #expect(stats.contains(#""eventsByType" : {},"#), "\(stats)")
        for arguments in [["stats", "--json"], ["verify", "--json"], ["rebuild", "--json"], ["ingest", "-", "--json"]] {
            let run = try cli.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            expectWellShaped(run.stdout, "\(arguments)")
        }
    }

    @Test func nestedEmptyContainersAreCompactToo() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run(["demo", "--plain"]).status == 0)
        let replay = try cli.run(["replay", "demo-cancel", "--json"]).stdout
        // demo-cancel presents a creation form: empty baseline, values and route parameters.
        #expect(replay.contains(#""baseline" : {},"#), "\(replay)")
        #expect(replay.contains(#""params" : {}"#), "\(replay)")
        #expect(replay.contains(#""stack" : []"#), "\(replay)")
        for arguments in [["replay", "demo-cancel", "--json"], ["replay", "demo-stack", "--json", "--at", "3"], ["audit", "--json"],
                          ["recover", "--json"], ["stats", "--json"], ["verify", "--json"]] {
            let run = try cli.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            expectWellShaped(run.stdout, "\(arguments)")
        }
    }

    @Test func emptyContainersInsideStringsAreLeftAlone() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        // A field value that looks like a pretty-printed empty array must come back as typed.
        let typed = "[\n\n]{\n  }"
        let lines = [IngestLines.present(), #"{"session":"s1","type":"edit","field":"amount","value":"[\n\n]{\n  }"}"#]
        #expect(try cli.ingest(lines).status == 0)
        let steps = try #require(try CLIHarness.json(try cli.run(["replay", "s1", "--json"]).stdout) as? [[String: Any]])
        let values = (steps.last?["state"] as? [String: Any]).flatMap { ($0["stack"] as? [[String: Any]])?.first?["values"] as? [String: String] }
        #expect(values?["amount"] == typed)
    }
}
