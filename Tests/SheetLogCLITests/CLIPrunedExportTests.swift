import Foundation
import SheetLogCore
import Testing

/// `sheetlog export` of a pruned log writes its base first (issue 37): `export | ingest` gives a copy
/// that answers as the original, plain and sealed.
@Suite("export and ingest of a pruned log")
struct CLIPrunedExportTests {
    /// One database of each kind, and how to run a command on it.
    struct Setup: CustomTestStringConvertible {
        var sealed: Bool
        var testDescription: String { sealed ? "sealed" : "plain" }

        /// The global options of a database of this kind: a sealed one's key file, written once.
        func options(_ cli: CLIHarness, key name: String) throws -> [String] {
            guard sealed else { return [] }
            let key = cli.directory.appendingPathComponent(name).path
            if !FileManager.default.fileExists(atPath: key) { #expect(try CLIHarness.run(["keygen", key]).status == 0) }
            return ["--key-file", key]
        }
    }

    /// s1 and s3 finished before the cut; s2's swipe pending and s5's draft open across it; in a
    /// sealed log, subject `gone`'s session g finished and erased before the cut. Pruned through its
    /// end, then s2 answered and s4 recorded after the cut.
    private func pruned(_ setup: Setup, cli: CLIHarness) throws -> [String] {
        let options = try setup.options(cli, key: "original.key")
        var lines = IngestLines.expenseFlow("s1", prefix: "a")
            + [IngestLines.present("s2", id: "b-1"), IngestLines.edit("s2", id: "b-2"), IngestLines.swipe("s2", id: "b-3")]
            + [IngestLines.present("s5", id: "f-1"), IngestLines.edit("s5", id: "f-2", value: "12.00")]
            + IngestLines.expenseFlow("s3", prefix: "c")
        if setup.sealed {
            lines += IngestLines.expenseFlow("g", prefix: "g").map { $0.replacingOccurrences(of: #""session":"g","#, with: #""session":"g","subject":"gone","#) }
        }
        #expect(try cli.run(options + ["ingest", "-"], input: Data((lines.joined(separator: "\n") + "\n").utf8)).status == 0)
        if setup.sealed {
            let erase = try cli.run(options + ["erase", "--subject", "gone", "--requested-by", "ticket 9"])
            #expect(erase.status == 0, "\(erase.stderr)")
        }
        let prune = try cli.run(options + ["prune", "--before", "2100-01-01", "--json"])
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect((try CLIHarness.json(prune.stdout) as? [String: Any])?["carriedSessions"] as? Int == 2, "\(prune.stdout)")
        let after = [IngestLines.confirmDiscard("s2", id: "b-4")] + IngestLines.expenseFlow("s4", prefix: "d")
        #expect(try cli.run(options + ["ingest", "-"], input: Data((after.joined(separator: "\n") + "\n").utf8)).status == 0)
        return options
    }

    /// What a user asks of a log, each as the CLI prints it.
    private func answers(_ cli: CLIHarness, options: [String], database: String? = nil) throws -> [String: String] {
        var answers: [String: String] = [:]
        for arguments in [["recover", "--json"], ["replay", "s2", "--json"], ["replay", "s5"], ["replay", "s4", "--json"], ["audit", "--json"],
                          ["audit"], ["sessions"], ["state", "s5"], ["erasures"]] {
            let run = try cli.run(options + arguments, database: database)
            // A message may name the file: the copy's is another.
            answers[arguments.joined(separator: " ")] = "exit \(run.status): " + run.stdout.replacingOccurrences(of: database ?? cli.database, with: "DB")
        }
        return answers
    }

    @Test("export | ingest into a new file answers recover, replay of kept sessions and audit as the original, and verifies",
          arguments: [Setup(sealed: false), Setup(sealed: true)])
    func aCopyAnswersAsTheOriginal(setup: Setup) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let options = try pruned(setup, cli: cli)
        let export = try cli.run(options + ["export"])
        #expect(export.status == 0, "\(export.stderr)")
        let lines = export.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains(#""type":"base""#) == true, "\(lines.first ?? "")")
        #expect(lines.filter { $0.contains(#""type":"baseSession""#) }.count == 2, "\(export.stdout)")
        #expect(lines.filter { $0.contains(#""type":"baseErasure""#) }.count == (setup.sealed ? 1 : 0), "\(export.stdout)")

        let copy = cli.directory.appendingPathComponent("copy.sqlite").path
        let copyOptions = try setup.options(cli, key: "copy.key")
        let ingest = try cli.run(copyOptions + ["ingest", "-"], input: Data(export.stdout.utf8), database: copy)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(ingest.stdout.contains("installed the base of a log pruned through position"), "\(ingest.stdout)")
        let (copied, original) = (try answers(cli, options: copyOptions, database: copy), try answers(cli, options: options))
        for (question, answer) in original.sorted(by: { $0.key < $1.key }) {
            #expect(copied[question] == answer, "\(question)")
        }
        let verify = try cli.run(copyOptions + ["verify"], database: copy)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        // The copy exports what the original does: the same base, the same commands.
        #expect(try cli.run(copyOptions + ["export"], database: copy).stdout == export.stdout)
        // Nothing typed is in the copy in clear when it is sealed, its carried states included.
        if setup.sealed {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: copy)) + ((try? Data(contentsOf: URL(fileURLWithPath: copy + "-wal"))) ?? Data())
            #expect(bytes.range(of: Data("12.00".utf8)) == nil)
        }

        // The same input again changes nothing: the base is already there, every command already stored.
        let again = try cli.run(copyOptions + ["ingest", "-"], input: Data(export.stdout.utf8), database: copy)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("ingested 0 events") && again.stdout.contains("was already installed"), "\(again.stdout)")
        #expect(try cli.run(copyOptions + ["export"], database: copy).stdout == export.stdout)
        // The copy goes on: the carried draft is restored and saved there.
        let restore = #"{"session":"s6","type":"restoreDraft","from":{"session":"s5","presentation":"p1"},"at":"2026-01-02T09:00:00.000Z"}"#
        #expect(try cli.run(copyOptions + ["ingest", "-"], input: Data((restore + "\n").utf8), database: copy).status == 0)
        #expect(try cli.run(copyOptions + ["state", "s6"], database: copy).stdout.contains("12.00"))
        #expect(try cli.run(copyOptions + ["verify"], database: copy).status == 0)
    }

    @Test("export --redact of a pruned log replaces the carried values too, in the commands' series; the copy decides as the original")
    func aRedactedExportOfAPrunedLog() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        _ = try pruned(Setup(sealed: false), cli: cli)
        let export = try cli.run(["export", "--redact"])
        #expect(export.status == 0, "\(export.stderr)")
        for value in ["47.50", "12.00"] { #expect(!withoutTimes(export.stdout).contains(value), "\(value) is in the redacted export") }
        let copy = cli.directory.appendingPathComponent("redacted.sqlite").path
        let ingest = try cli.run(["ingest", "-"], input: Data(export.stdout.utf8), database: copy)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        // s5's carried draft is offered with a placeholder; s2's answer after the cut was decided as in the original.
        let recover = try cli.run(["recover", "--json"], database: copy)
        #expect(recover.stdout.contains("\"s5\"") && !withoutTimes(recover.stdout).contains("12.00"), "\(recover.stdout)")
        let audit = try cli.run(["audit", "--json"], database: copy).stdout
        #expect(audit == (try cli.run(["audit", "--json"]).stdout.replacingOccurrences(of: "47.50", with: "a")), "\(audit)")
        #expect(try cli.run(["verify"], database: copy).status == 0)
    }

    /// A subject's drafts carried across the cut, one restored and one edited back to its baseline
    /// after it, then the subject erased: the export's base held its values as `{"erased":true}`, and
    /// the copy refused the restore ("holds a value read as erased … not a value to record").
    @Test("drafts carried across the cut, restored and edited after it, their subject erased after that: the copy answers as the original")
    func carriedDraftsOfASubjectErasedAfterTheCut() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let options = try Setup(sealed: true).options(cli, key: "original.key")
        func line(_ session: String, _ body: String, day: Int = 1) -> String { #"{"session":"\#(session)",\#(body),"at":"2026-01-0\#(day)T09:00:00.000Z"}"# }
        let route = #""route":{"name":"editItem","group":"editor","params":{}}"#
        let before = [
            line("k1", #""type":"present","presentation":"p1",\#(route),"baseline":{"title":"Desk lamp","price":30},"required":["amount"],"guard":"whenDirty","subject":"leaver""#),
            line("k1", #""type":"edit","field":"amount","value":"12.00""#),
            line("k1", #""type":"edit","field":"title","value":"Floor lamp""#),
            line("k1", #""type":"edit","field":"title","value":"Desk lamp""#),
            line("k2", #""type":"present","presentation":"p1",\#(route),"baseline":{"title":"Chair"},"guard":"whenDirty","subject":"leaver""#),
            line("k2", #""type":"edit","field":"title","value":"Stool""#),
        ]
        #expect(try cli.run(options + ["ingest", "-"], input: Data((before.joined(separator: "\n") + "\n").utf8)).status == 0)
        let prune = try cli.run(options + ["prune", "--before", "2100-01-01", "--json"])
        #expect((try CLIHarness.json(prune.stdout) as? [String: Any])?["carriedSessions"] as? Int == 2, "\(prune.stdout)\(prune.stderr)")
        let after = [
            line("k3", #""type":"restoreDraft","from":{"session":"k1","presentation":"p1"}"#, day: 2),
            line("k3", #""type":"edit","field":"amount","value":"13.00""#, day: 2),
            line("k3", #""type":"attemptDismiss","source":"swipe""#, day: 2),
            line("k3", #""type":"keepEditing""#, day: 2),
            // k2's title typed back to its baseline: the swipe goes through, as on a clean draft.
            line("k2", #""type":"edit","field":"title","value":"Chair""#, day: 2),
            line("k2", #""type":"attemptDismiss","source":"swipe""#, day: 2),
        ]
        let recorded = try cli.run(options + ["ingest", "-"], input: Data((after.joined(separator: "\n") + "\n").utf8))
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(try cli.run(options + ["erase", "--subject", "leaver", "--requested-by", "ticket 12"]).status == 0)
        // k3's draft came from k1, whose first commands the prune removed: a self-contained export of
        // k3 cannot be made, and says so (it wrote k3's lines alone, which no new file takes).
        let selfContained = try cli.run(options + ["export", "--session", "k3", "--self-contained"])
        #expect(selfContained.status == 1 && selfContained.stdout.isEmpty, "\(selfContained.stdout)")
        #expect(selfContained.stderr.hasPrefix("sheetlog: session k3 needs it from its first command (a draft moved between them), and an export of it would lack its first 4 versions: session k1 was pruned through version 4"), "\(selfContained.stderr)")

        let export = try cli.run(options + ["export"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(!export.stdout.contains(#"{"erased":true}"#), "\(export.stdout)")
        let copy = cli.directory.appendingPathComponent("copy.sqlite").path
        let copyOptions = try Setup(sealed: true).options(cli, key: "copy.key")
        let ingest = try cli.run(copyOptions + ["ingest", "-"], input: Data(export.stdout.utf8), database: copy)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        for arguments in [["audit", "--json"], ["sessions"], ["recover", "--json"], ["erasures"], ["replay", "k3", "--json"], ["replay", "k2", "--json"], ["state", "k1"]] {
            let (copied, original) = (try cli.run(copyOptions + arguments, database: copy), try cli.run(options + arguments))
            #expect(copied.stdout == original.stdout, "\(arguments): \(copied.stderr)")
        }
        #expect(try cli.run(copyOptions + ["verify"], database: copy).status == 0)
        #expect(try cli.run(copyOptions + ["export"], database: copy).stdout == export.stdout)
    }

    @Test("a base is refused into a database that has recorded anything, and out of place; nothing is written")
    func misplacedBasesAreRefused() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        _ = try pruned(Setup(sealed: false), cli: cli)
        let export = try cli.run(["export"]).stdout
        let lines = export.split(separator: "\n").map(String.init)

        // Into a database with a session of its own: refused at the base line, the database unchanged.
        let used = cli.directory.appendingPathComponent("used.sqlite").path
        #expect(try cli.ingest(IngestLines.expenseFlow("x"), database: used).status == 0)
        let before = try cli.run(["export"], database: used).stdout
        let refused = try cli.run(["ingest", "-"], input: Data(export.utf8), database: used)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("line 1") && refused.stderr.contains("only into an empty database"), "\(refused.stderr)")
        #expect(try cli.run(["export"], database: used).stdout == before)

        // A base line after a command, a header without its session lines, a session line alone: refused before anything is written.
        let fresh = cli.directory.appendingPathComponent("fresh.sqlite").path
        for (input, words) in [
            ([IngestLines.present("y")] + lines, "comes first in the input"),
            ([lines[0]], "the input ends after 0"),
            (Array(lines[1...]), "comes after the base line it belongs to"),
        ] {
            let run = try cli.ingest(input, database: fresh)
            #expect(run.status == 1, "\(words)")
            #expect(run.stderr.contains(words), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: fresh), "\(words): a rejected input leaves no file")
        }
        // ingest --each answers a base line with its refusal: a base is installed whole.
        let each = try cli.ingest([lines[0]], ["--each"], database: fresh)
        #expect(each.status == 1)
        #expect(each.stdout.contains("installed whole") && each.stdout.contains(#""line":1"#), "\(each.stdout)")
    }

    @Test("a base whose lines break its rules is refused naming the rule, never a value")
    func brokenBasesAreRefused() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        _ = try pruned(Setup(sealed: false), cli: cli)
        let lines = try cli.run(["export"]).stdout.split(separator: "\n").map(String.init)
        let session = try #require(lines.firstIndex { $0.contains(#""type":"baseSession""#) })
        let cases: [(Int, String, String, String)] = [
            (0, #""chain":""#, #""chain":"zz"#, "must be 64 lowercase hexadecimal digits"),
            (session, #""type":"baseSession","version":"#, #""type":"baseSession","version":9"#, "with the state of session"),
            (session, #""stack":["#, #""stack":7,"unknown":["#, "cannot be read"),
        ]
        for (index, old, new, words) in cases {
            var broken = lines
            broken[index] = broken[index].replacingOccurrences(of: old, with: new)
            let target = cli.directory.appendingPathComponent("broken-\(index)-\(words.count).sqlite").path
            let run = try cli.ingest(broken, database: target)
            #expect(run.status == 1, "\(words): \(run.stdout)")
            #expect(run.stderr.contains(words), "\(words): \(run.stderr)")
            #expect(!withoutTimes(run.stderr).contains("12.00") && !withoutTimes(run.stderr).contains("47.50"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: target))
        }
    }
}

/// `text` with every ISO-8601 time (`2026-11-29T12:05:12.008Z`) made `TIME`: a recorded time holds
/// "12.00" whenever the clock's seconds read 12.00x, which is no typed value.
private func withoutTimes(_ text: String) -> String {
    text.replacing(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/, with: "TIME")
}
