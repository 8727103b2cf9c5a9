import Foundation
import Testing

/// `ingest --each` answers every input line with exactly one JSON line on stdout, in input order,
/// carrying its line number, so that a client can match answers to the lines it sent.
@Suite("sheetlog ingest --each answers every line")
struct CLIIngestEachAnswerTests {
    /// One line of each kind: appended, no event, blank, rejected, several events.
    static let mixedInput = [
        #"{"session":"s1","id":"a1","type":"present","presentation":"p","route":{"name":"r"}}"#,
        #"{"session":"s1","id":"a2","type":"edit","field":"x","value":"1"}"#,
        #"{"session":"s1","id":"a3","type":"edit","field":"x","value":"1"}"#,
        "",
        #"{"session":"s1","type":"confirmDiscard"}"#,
        #"{"session":"s1","id":"a4","type":"present","presentation":"q","route":{"name":"r2"}}"#,
        #"{"session":"s1","id":"a5","type":"dismissAll","source":"programmatic"}"#,
        #"{"session":"s1","type":"edit","field":"x","value":"1"}"#,
    ]

    @Test func oneAnswerPerLineInInputOrder() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.ingest(Self.mixedInput, ["--each"])
        #expect(run.status == 1, "one line was rejected")
        #expect(run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
            #"{"ack":"a1","line":1,"position":1,"session":"s1","version":1}"#,
            #"{"ack":"a2","line":2,"position":2,"session":"s1","version":2}"#,
            #"{"alreadyStored":false,"id":"a3","line":3,"session":"s1","unchanged":true,"version":2}"#,
            #"{"blank":true,"line":4}"#,
            #"{"code":"ruleViolation","error":"confirmDiscard: no confirmation is pending in session s1","line":5}"#,
            #"{"ack":"a4","line":6,"position":3,"session":"s1","version":3}"#,
            #"{"ack":"a5","events":[{"ack":"a5","position":4,"session":"s1","version":4},{"ack":"a5#2","position":5,"session":"s1","version":5}],"line":7,"position":4,"session":"s1","version":4}"#,
            // The dismissAll left no sheet: an edit is refused now.
            #"{"code":"ruleViolation","error":"edit: no sheet is presented in session s1","line":8}"#,
            "",
        ])
        // stderr keeps the human sentences of the rejected lines, as before.
        #expect(run.stderr == """
            sheetlog: line 5: confirmDiscard: no confirmation is pending in session s1
            sheetlog: line 8: edit: no sheet is presented in session s1

            """)
        #expect(try StoredLog(path: cli.database).eventCount() == 5)
    }

    @Test func everyAnswerIsAJSONObjectWithItsLineNumber() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.ingest(Self.mixedInput, ["--each"])
        let answers = try run.stdout.split(separator: "\n").map { try #require(try CLIHarness.json(String($0)) as? [String: Any]) }
        #expect(answers.compactMap { $0["line"] as? Int } == Array(1...Self.mixedInput.count))
        for answer in answers {
            let kinds = ["ack", "unchanged", "error", "blank"].filter { answer[$0] != nil }
            #expect(kinds.count == 1, "exactly one kind per answer: \(answer)")
        }
    }

    @Test func anEditThatChangesNothingIsAnsweredWithoutAnId() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.ingest([IngestLines.present(), IngestLines.edit(), IngestLines.edit()], ["--each"])
        #expect(run.status == 0, "\(run.stderr)")
        let answers = run.stdout.split(separator: "\n").map(String.init)
        #expect(answers.count == 3)
        #expect(answers.last == #"{"alreadyStored":false,"line":3,"session":"s1","unchanged":true,"version":2}"#)
    }

    @Test func aResentLineIsAckedWithItsOriginalPositionsAndSaysSo() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let lines = IngestLines.expenseFlow()
        try cli.ingest(Array(lines.prefix(2)), ["--each"])
        let run = try cli.ingest(Array(lines.suffix(3)), ["--each"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").map(String.init) == [
            #"{"ack":"e-2","alreadyStored":true,"line":1,"position":2,"session":"s1","version":2}"#,
            #"{"ack":"e-3","line":2,"position":3,"session":"s1","version":3}"#,
            #"{"ack":"e-4","line":3,"position":4,"session":"s1","version":4}"#,
        ])
        #expect(try StoredLog(path: cli.database).eventCount() == 4)
    }

    @Test func anUndecodableLineIsAnsweredToo() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.ingest([IngestLines.present(), #"{"session":"s1","type":"teleport"}"#, "not json"], ["--each"])
        #expect(run.status == 1)
        let answers = run.stdout.split(separator: "\n").map(String.init)
        try #require(answers.count == 3, "\(run.stdout)")
        #expect(answers[1].hasPrefix(#"{"code":"invalidInput","error":"unknown type teleport (expected one of "#))
        #expect(answers[1].hasSuffix(#""line":2}"#))
        #expect(answers[2].hasPrefix(#"{"code":"invalidInput","error":"the line is not acceptable JSON"#))
        #expect(answers[2].hasSuffix(#""line":3}"#))
    }
}
