import Foundation
import Testing

@Suite("sheetlog ingest")
struct CLIIngestTests {
    @Test func defaultModeRecordsEverythingAndSummarises() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.ingest(IngestLines.expenseFlow() + [IngestLines.present("s2")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "ingested 5 events from 5 lines into s1 (4), s2 (1)\n")
        #expect(try StoredLog(path: cli.database).eventCount() == 5)
    }

    /// An ingest over many sessions (a workload of 1,000 sessions printed a 40 KB line) names the
    /// first ten in order and counts the rest; `--json` keeps every one.
    @Test func aSummaryOverManySessionsNamesTenAndCountsTheRest() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let sessions = (1...25).map { String(format: "s%02d", $0) }
        let run = try cli.ingest(sessions.map { IngestLines.present($0) })
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "ingested 25 events from 25 lines into " + sessions.prefix(10).map { "\($0) (1)" }.joined(separator: ", ")
            + " and 15 more sessions\n", "\(run.stdout)")
        let other = try CLIHarness()
        defer { other.remove() }
        let json = try other.ingest(sessions.map { IngestLines.present($0) }, ["--json"])
        let summary = try #require(try CLIHarness.json(json.stdout) as? [String: Any])
        #expect((summary["sessions"] as? [String: Int])?.count == 25)
    }

    @Test func defaultModeSummaryAsJSON() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.ingest(IngestLines.expenseFlow(), ["--json"])
        let summary = try #require(try CLIHarness.json(run.stdout) as? [String: Any])
        #expect(summary["events"] as? Int == 4)
        #expect(summary["lines"] as? Int == 4)
        #expect(summary["alreadyStored"] as? Int == 0)
        #expect((summary["sessions"] as? [String: Int]) == ["s1": 4])
    }

    @Test func eachModeAcksEveryEventFlushed() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.ingest(IngestLines.expenseFlow(), ["--each"])
        #expect(run.status == 0)
        let acks = run.stdout.split(separator: "\n").map(String.init)
        #expect(acks == (1...4).map { #"{"ack":"e-\#($0)","line":\#($0),"position":\#($0),"session":"s1","version":\#($0)}"# })
    }

    @Test func readsAFileArgument() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let file = cli.directory.appendingPathComponent("in.jsonl")
        try Data((IngestLines.expenseFlow().joined(separator: "\r\n") + "\r\n\r\n").utf8).write(to: file)
        let run = try cli.run(["ingest", file.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try StoredLog(path: cli.database).eventCount() == 4)
        let missing = try cli.run(["ingest", cli.directory.appendingPathComponent("none.jsonl").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("sheetlog: cannot open the input file"))
    }

    @Test func wholeFileAgainAddsNothing() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.ingest(IngestLines.expenseFlow())
        let before = try StoredLog(path: cli.database).events()
        let again = try cli.ingest(IngestLines.expenseFlow())
        #expect(again.status == 0)
        #expect(again.stdout == "ingested 0 events from 4 lines; 4 already stored lines were skipped\n")
        #expect(try StoredLog(path: cli.database).events() == before)
    }

    @Test func resentTailAfterAPartialIngestAddsOnlyTheRest() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let lines = IngestLines.expenseFlow()
        try cli.ingest(Array(lines.prefix(2)), ["--each"])
        let run = try cli.ingest(Array(lines.suffix(3)), ["--each"])
        #expect(run.status == 0, "\(run.stderr)")
        // The stored line is acked with its original position; the rest is appended after it.
        #expect(run.stdout.split(separator: "\n").map(String.init) == [
            #"{"ack":"e-2","alreadyStored":true,"line":1,"position":2,"session":"s1","version":2}"#,
            #"{"ack":"e-3","line":2,"position":3,"session":"s1","version":3}"#,
            #"{"ack":"e-4","line":3,"position":4,"session":"s1","version":4}"#,
        ])
        let batch = try cli.ingest(lines)
        #expect(batch.stdout.hasPrefix("ingested 0 events"))
        #expect(try StoredLog(path: cli.database).eventCount() == 4)
    }

    @Test func sameIdWithDifferentContentIsRejected() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.ingest(IngestLines.expenseFlow())
        let run = try cli.ingest([IngestLines.edit(id: "e-2", value: "99.00")])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("sheetlog: line 1: command id e-2 is already stored with different content"))
        #expect(!run.stderr.contains("99.00"))
        #expect(try StoredLog(path: cli.database).eventCount() == 4)
    }

    @Test func claimedOutcomeMustMatchTheStateMachine() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let wrong = try cli.ingest([IngestLines.present(), IngestLines.edit(), IngestLines.swipe(outcome: "dismissed")])
        #expect(wrong.status == 1)
        #expect(wrong.stderr == "sheetlog: line 3: attemptDismiss: the command claims outcome dismissed but the state machine decides blocked in session s1\n")
        #expect(try StoredLog(path: cli.database).eventCount() == 0)
        let right = try cli.ingest([IngestLines.present(), IngestLines.edit(), IngestLines.swipe(outcome: "blocked")])
        #expect(right.status == 0, "\(right.stderr)")
    }
}

/// The file resends the adversarial tester found unsafe, through the real binary.
@Suite("sheetlog ingest: resent files")
struct CLIResendTests {
    private static func edit(_ id: String, _ value: String, second: Int) -> String {
        #"{"session":"s1","id":"\#(id)","type":"edit","field":"amount","value":"\#(value)","at":"2026-01-01T09:00:0\#(second).000Z"}"#
    }

    @Test("edit 10, edit 10, edit 99 ingested twice (batch or --each) leaves 99 and the same log",
          arguments: [[String](), ["--each"]])
    func noOpLineResent(mode: [String]) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let lines = [IngestLines.present(id: "a"), Self.edit("b", "10", second: 1), Self.edit("c", "10", second: 2),
                     Self.edit("d", "99", second: 3)]
        #expect(try cli.ingest(lines, mode).status == 0)
        let before = try StoredLog(path: cli.database).events()
        #expect(before.count == 3)
        let again = try cli.ingest(lines, mode)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try StoredLog(path: cli.database).events() == before)
        let replay = try cli.run(["replay", "s1"])
        #expect(replay.stdout.contains(#"amount="99""#))
        #expect(!replay.stdout.split(separator: "\n").last!.contains(#"amount="10""#))
    }

    @Test("a user id shaped like a derived id is refused with the rule, and nothing is stored")
    func derivedLookingIDRefused() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let lines = [IngestLines.present(id: "X#2"), IngestLines.edit(id: "X")]
        let run = try cli.ingest(lines)
        #expect(run.status == 1)
        #expect(run.stderr.contains("line 1"), "\(run.stderr)")
        #expect(run.stderr.contains("'#'"), "\(run.stderr)")
    }
}
