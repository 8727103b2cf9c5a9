import Foundation
import Testing

/// `sheetlog export | sheetlog ingest` carries an erasure: the copy erases the subject at the same
/// point, once, and a plain database refuses the input whole. Through the real binary.
@Suite("an erasure through export and ingest")
struct CLIErasureCopyTests {
    /// A sealed log where user-7 (session s1, a dirty draft left open) was erased between two
    /// commands of user-8 (session s2, also left open and dirty).
    struct ErasedLog {
        let cli: CLIHarness
        let key: String
        let copyKey: String
        let export: String

        init() throws {
            cli = try CLIHarness()
            key = cli.directory.appendingPathComponent("source.key").path
            copyKey = cli.directory.appendingPathComponent("copy.key").path
            #expect(try CLIHarness.run(["keygen", key]).status == 0)
            #expect(try CLIHarness.run(["keygen", copyKey]).status == 0)
            let before = """
                {"session":"s1","subject":"user-7","type":"present","presentation":"p1","route":{"name":"newExpense"},"baseline":{"amount":"mk-gone-81f0"}}
                {"session":"s1","type":"edit","field":"amount","value":"mk-gone-24aa"}
                {"session":"s2","subject":"user-8","type":"present","presentation":"q1","route":{"name":"newExpense"}}

                """
            #expect(try cli.run(["--key-file", key, "ingest", "-"], input: Data(before.utf8)).status == 0)
            let erased = try cli.run(["--key-file", key, "erase", "--subject", "user-7", "--requested-by", "ticket 88"])
            #expect(erased.status == 0, "\(erased.stderr)")
            let after = #"{"session":"s2","type":"edit","field":"note","value":"mk-kept-5c3e"}"# + "\n"
            #expect(try cli.run(["--key-file", key, "ingest", "-"], input: Data(after.utf8)).status == 0)
            let export = try cli.run(["--key-file", key, "export"])
            #expect(export.status == 0, "\(export.stderr)")
            self.export = export.stdout
        }

        var lines: [String] { export.split(separator: "\n").map(String.init) }
    }

    @Test func theExportWritesTheErasureWhereTheLogHoldsIt() throws {
        let log = try ErasedLog()
        defer { log.cli.remove() }
        let lines = log.lines
        // s1 (present, edit), s2 (present), the closing of s1's open sheet, the erasure, s2's edit.
        #expect(lines.count == 7)
        #expect(lines[3].contains(#""session":"s1","source":"programmatic","type":"dismissAll""#), "\(lines[3])")
        #expect(lines[4].contains(#""session":"s1","type":"endSession""#), "\(lines[4])")
        let erasure = try #require(try CLIHarness.json(lines[5]) as? [String: Any])
        #expect(Set(erasure.keys) == ["at", "id", "requestedBy", "subject", "type"])
        #expect(erasure["type"] as? String == "eraseSubject")
        #expect(erasure["subject"] as? String == "user-7")
        #expect(erasure["requestedBy"] as? String == "ticket 88")
        #expect(lines[6].contains("mk-kept-5c3e"), "the command after the erasure comes after it")
        #expect(!log.export.contains("mk-gone"))
        let session = try log.cli.run(["--key-file", log.key, "export", "--session", "s1"])
        #expect(session.stdout.split(separator: "\n").map(String.init) == Array(lines[0...1]) + Array(lines[3...5]),
                "a session's export carries the erasure of its subject")
        #expect(try log.cli.run(["--key-file", log.key, "export", "--session", "s2"]).stdout.contains("eraseSubject") == false)
    }

    @Test func aSealedCopyErasesTheSubjectOnceAndReadsBackTheSameLog() throws {
        let log = try ErasedLog()
        defer { log.cli.remove() }
        let copy = log.cli.directory.appendingPathComponent("copy.sqlite").path
        let ingest = try log.cli.run(["--key-file", log.copyKey, "ingest", "-"], input: Data(log.export.utf8), database: copy)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(ingest.stdout == "ingested 7 events from 7 lines into s1 (4), s2 (2); erased subject user-7\n")
        #expect(try log.cli.run(["--key-file", log.copyKey, "export"], database: copy).stdout == log.export,
                "the same commands, ids, times and erasure")

        let drafts = try log.cli.run(["--key-file", log.copyKey, "recover", "--json"], database: copy)
        let offered = try #require(try CLIHarness.json(drafts.stdout) as? [[String: Any]])
        #expect(offered.map { $0["session"] as? String } == ["s2"], "the erased subject's draft is not offered: \(drafts.stdout)")
        let refused = try log.cli.run(
            ["--key-file", log.copyKey, "ingest", "-"], input: Data(#"{"session":"s1","type":"endSession"}"#.utf8 + [0x0A]), database: copy)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("erased"), "\(refused.stderr)")
        #expect(try log.cli.run(["--key-file", log.copyKey, "replay", "s2"], database: copy).stdout.contains("mk-kept-5c3e"))
        #expect(try log.cli.run(["--key-file", log.copyKey, "verify"], database: copy).status == 0)

        let again = try log.cli.run(["--key-file", log.copyKey, "ingest", "-"], input: Data(log.export.utf8), database: copy)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == "ingested 0 events from 7 lines; 7 already stored lines were skipped\n")
        #expect(try log.cli.run(["--key-file", log.copyKey, "export"], database: copy).stdout == log.export)
    }

    @Test func ingestEachAnswersTheErasureLineAfterTheLinesBeforeIt() throws {
        let log = try ErasedLog()
        defer { log.cli.remove() }
        let copy = log.cli.directory.appendingPathComponent("each.sqlite").path
        let erasureID = try #require((try CLIHarness.json(log.lines[5]) as? [String: Any])?["id"] as? String)
        for run in 1...2 {
            let each = try log.cli.run(["--key-file", log.copyKey, "ingest", "--each", "-"], input: Data(log.export.utf8), database: copy)
            #expect(each.status == 0, "\(each.stderr)")
            let answers = try each.stdout.split(separator: "\n").map { try #require(try CLIHarness.json(String($0)) as? [String: Any]) }
            #expect(answers.map { $0["line"] as? Int } == [1, 2, 3, 4, 5, 6, 7])
            let erasure = answers[5]
            #expect(erasure["erased"] as? String == "user-7")
            #expect(erasure["sessions"] as? Int == 1)
            if run == 1 {
                #expect(erasure["ack"] as? String == erasureID)
                #expect(erasure["position"] as? Int == 6)
            } else {
                #expect(erasure["alreadyErased"] as? Bool == true && erasure["unchanged"] as? Bool == true, "\(erasure)")
                #expect(erasure["ack"] == nil)
            }
        }
        #expect(try log.cli.run(["--key-file", log.copyKey, "export"], database: copy).stdout == log.export)
    }

    @Test func aPlainDatabaseRefusesTheWholeInputAndKeepsNothing() throws {
        let log = try ErasedLog()
        defer { log.cli.remove() }
        let newFile = log.cli.directory.appendingPathComponent("plain-new.sqlite").path
        let refused = try log.cli.run(["ingest", "-"], input: Data(log.export.utf8), database: newFile)
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("sheetlog: line 6: "), "\(refused.stderr)")
        #expect(refused.stderr.contains("holds a plain log"))
        #expect(!FileManager.default.fileExists(atPath: newFile), "no database is left behind")

        let plain = log.cli.directory.appendingPathComponent("plain.sqlite").path
        #expect(try log.cli.run(["demo", "--plain"], database: plain).status == 0)
        let before = try log.cli.run(["export"], database: plain).stdout
        let into = try log.cli.run(["ingest", "-"], input: Data(log.export.utf8), database: plain)
        #expect(into.status == 1)
        #expect(into.stderr.contains("line 6") && into.stderr.contains("holds a plain log"), "\(into.stderr)")
        #expect(try log.cli.run(["export"], database: plain).stdout == before, "not even the lines before the erasure")
    }

    @Test func anEraseSubjectLineIsCheckedLikeEveryLine() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let cases: [(line: String, message: String)] = [
            (#"{"type":"eraseSubject"}"#, "eraseSubject: field subject is missing"),
            (#"{"type":"eraseSubject","subject":"u","session":"s1"}"#, "eraseSubject: unknown field session"),
            (#"{"type":"eraseSubject","subject":"u","requestedBy":7}"#, "eraseSubject: field requestedBy must be a string, found a number"),
            (#"{"type":"eraseSubject","subject":"u","requestedBy":"a\u0007"}"#, "eraseSubject: field requestedBy contains"),
            (#"{"type":"eraseSubject","subject":"u","at":"yesterday"}"#, "eraseSubject: field at must be an ISO-8601 time"),
            (#"{"type":"eraseSubject","subject":"u\u202E"}"#, "eraseSubject: field subject contains"),
            (#"{"type":"eraseSubject","subject":"u","id":"e#2"}"#, "eraseSubject: field id contains '#'"),
        ]
        for (line, message) in cases {
            let run = try cli.run(["ingest", "-"], input: Data((line + "\n").utf8))
            #expect(run.status == 1)
            #expect(run.stderr.hasPrefix("sheetlog: line 1: " + message), "\(line) → \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.database))
    }

    @Test func erasingTheDefaultSubjectSaysWhatItMeansForNewSessions() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("default.key").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        let present = #"{"session":"s1","type":"present","presentation":"p1","route":{"name":"n"},"baseline":{"a":"1"}}"#
        #expect(try cli.run(["--key-file", key, "ingest", "-"], input: Data((present + "\n").utf8)).status == 0)
        let erased = try cli.run(["--key-file", key, "erase", "--subject", "default", "--requested-by", "test"])
        #expect(erased.status == 0, "\(erased.stderr)")
        #expect(erased.stderr == "note: default is the default subject of \(cli.database): a new session whose first command names no subject is refused from now on (its values would be sealed under the erased key); name a subject on every new session\n")
        let json = try cli.run(["--key-file", key, "erase", "--subject", "default", "--requested-by", "test", "--json"])
        #expect(json.stdout.contains(#""defaultSubject":true"#))
        #expect(json.stdout.contains(#""requestedBy":"test""#), "who asked is echoed: \(json.stdout)")
        let unnamed = #"{"session":"s2","type":"present","presentation":"p1","route":{"name":"n"}}"#
        let refused = try cli.run(["--key-file", key, "ingest", "-"], input: Data((unnamed + "\n").utf8))
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("erased"), "\(refused.stderr)")
        let named = #"{"session":"s2","subject":"user-1","type":"present","presentation":"p1","route":{"name":"n"}}"#
        #expect(try cli.run(["--key-file", key, "ingest", "-"], input: Data((named + "\n").utf8)).status == 0)
    }

    /// The export with a line after it that the copy refuses (s1's subject is erased there).
    private func refusedAfterTheErasure(_ log: ErasedLog) -> Data {
        Data((log.export + #"{"session":"s1","type":"endSession"}"# + "\n").utf8)
    }

    @Test("an input refused after its erasure: an existing database keeps the parts before and says which lines")
    func anExistingDatabaseKeepsThePartsBeforeTheRefusal() throws {
        let log = try ErasedLog()
        defer { log.cli.remove() }
        let copy = log.cli.directory.appendingPathComponent("existing.sqlite").path
        let first = #"{"session":"s9","type":"present","presentation":"z","route":{"name":"n"}}"# + "\n"
        #expect(try log.cli.run(["--key-file", log.copyKey, "ingest", "-"], input: Data(first.utf8), database: copy).status == 0)
        let refused = try log.cli.run(["--key-file", log.copyKey, "ingest", "-"], input: refusedAfterTheErasure(log), database: copy)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("line 8"), "\(refused.stderr)")
        #expect(refused.stderr.contains("lines 1 to 6 (the base or erasure ending at line 6 and the lines before it) are stored"), "\(refused.stderr)")
        let stored = try log.cli.run(["--key-file", log.copyKey, "export"], database: copy).stdout
        #expect(stored.contains("eraseSubject") && stored.contains(#""session":"s9""#), "\(stored)")
        #expect(!stored.contains("mk-kept-5c3e"), "line 7 came after the stored parts")
    }

    @Test("an input refused after its erasure into a new file leaves no file and says that nothing is stored")
    func aNewFileKeepsNothingAndSaysSo() throws {
        let log = try ErasedLog()
        defer { log.cli.remove() }
        let folder = log.cli.directory.appendingPathComponent("new", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("copy.sqlite").path
        let refused = try log.cli.run(["--key-file", log.copyKey, "ingest", "-"], input: refusedAfterTheErasure(log), database: copy)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("line 8"), "\(refused.stderr)")
        #expect(refused.stderr.contains("nothing is stored: the database did not exist"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("are stored"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [], "no file, staged or in place")
        // The whole corrected input, sent again, is stored from its first line.
        let resent = try log.cli.run(["--key-file", log.copyKey, "ingest", "-"], input: Data(log.export.utf8), database: copy)
        #expect(resent.status == 0, "\(resent.stderr)")
        #expect(try log.cli.run(["--key-file", log.copyKey, "export"], database: copy).stdout == log.export)
    }
}
