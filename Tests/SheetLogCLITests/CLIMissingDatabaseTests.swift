import Foundation
import GRDB
import Testing

/// A mistyped `--db`: commands that need an existing log refuse it and create nothing; `ingest`
/// creates the file only when it writes to it; `demo` creates its file, that is its job.
@Suite("sheetlog on a database file that is not there")
struct CLIMissingDatabaseTests {
    /// The names in the harness's folder: what a command left behind.
    private func files(_ cli: CLIHarness) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).sorted()
    }

    private func write(_ lines: [String], to name: String, in cli: CLIHarness) throws -> String {
        let url = cli.directory.appendingPathComponent(name)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url.path
    }

    @Test("verify, rebuild, recover decline and restore: 'no SheetLog database at PATH', exit 1, no file",
          arguments: [
              ["verify"], ["verify", "--json"], ["rebuild"], ["recover", "decline", "s1", "p1"],
              ["recover", "restore", "s1", "p1", "--into", "s2"],
          ])
    func commandsNeedingALogRefuseAMissingOne(arguments: [String]) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.run(arguments)
        #expect(run.status == CLIHarness.refusalStatus(arguments))
        #expect(run.stderr == "sheetlog: no SheetLog database at \(cli.database)\n")
        #expect(run.stdout.isEmpty)
        #expect(try files(cli).isEmpty)
    }

    @Test("verify and rebuild refuse an empty file and an SQLite file of another program, and change neither")
    func commandsNeedingALogRefuseAFileWithoutOne() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let empty = cli.directory.appendingPathComponent("empty.sqlite").path
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        let foreign = cli.directory.appendingPathComponent("foreign.sqlite").path
        let queue = try DatabaseQueue(path: foreign)
        try queue.write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('hello')") }
        try queue.close()
        let foreignBytes = try Data(contentsOf: URL(fileURLWithPath: foreign))
        for path in [empty, foreign] {
            for arguments in [["verify"], ["rebuild"]] {
                let run = try cli.run(arguments, database: path)
                #expect(run.status == CLIHarness.refusalStatus(arguments), "\(arguments) \(path): \(run.stderr)")
                // verify reads it (as every reading command does) and names what it found there.
                let refusal = arguments == ["verify"] ? "sheetlog: \(path) is not a SheetLog database" : "sheetlog: no SheetLog database at \(path)"
                #expect(run.stderr.hasPrefix(refusal), "\(arguments): \(run.stderr)")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: foreign)) == foreignBytes)
        #expect(try files(cli) == ["empty.sqlite", "foreign.sqlite"])
    }

    @Test("a failed ingest into a new file leaves no file: missing input, a BOM, a rejected first batch, no lines",
          arguments: [[], ["--each"]])
    func failedIngestLeavesNoFile(mode: [String]) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let inputs = [
            // A byte-order mark at the start is skipped; the line after it is still refused.
            try write(["\u{FEFF}" + IngestLines.confirmDiscard()], to: "bom.jsonl", in: cli),
            try write([IngestLines.confirmDiscard()], to: "rejected.jsonl", in: cli),
            try write([IngestLines.present(), IngestLines.edit(), IngestLines.confirmDiscard()], to: "rejected-last.jsonl", in: cli),
            try write([IngestLines.swipe(outcome: "dismissed")], to: "wrong-outcome.jsonl", in: cli),
        ]
        let inputFiles = try files(cli)
        let missing = try cli.run(["ingest", cli.directory.appendingPathComponent("none.jsonl").path] + mode)
        #expect(missing.status == 1)
        for input in inputs {
            // With --each, the first two lines of rejected-last.jsonl are recorded: that one writes.
            let writes = !mode.isEmpty && input.hasSuffix("rejected-last.jsonl")
            let run = try cli.run(["ingest", input] + mode)
            #expect(run.status == 1, "\(input) \(mode)")
            if !writes {
                // --each answers a refused line on stdout too; no line is acked.
                #expect(mode.isEmpty ? run.stdout.isEmpty : !run.stdout.contains(#""ack""#), "\(input) \(mode): \(run.stdout)")
                #expect(try files(cli) == inputFiles, "\(input) \(mode)")
            } else {
                #expect(try StoredLog(path: cli.database).eventCount() == 2)
                try FileManager.default.removeItem(atPath: cli.database)
            }
        }
        let blank = try cli.run(["ingest", try write([""], to: "blank.jsonl", in: cli)] + mode)
        #expect(blank.status == 0, "\(blank.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.database))
    }

    @Test("ingest --each into a new file: the file appears with the first line that records, as acked")
    func eachCreatesTheFileAtItsFirstRecordedLine() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let input = try write([IngestLines.confirmDiscard(), IngestLines.present(id: "p"), IngestLines.edit(id: "e")], to: "in.jsonl", in: cli)
        let run = try cli.run(["ingest", input, "--each"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("sheetlog: line 1: confirmDiscard"))
        let answers = run.stdout.split(separator: "\n").map(String.init)
        #expect(answers.count == 3)
        #expect(answers.first?.hasPrefix(#"{"code":"ruleViolation""#) == true, "\(answers)")
        #expect(Array(answers.dropFirst()) == [
            #"{"ack":"p","line":2,"position":1,"session":"s1","version":1}"#,
            #"{"ack":"e","line":3,"position":2,"session":"s1","version":2}"#,
        ])
        #expect(try StoredLog(path: cli.database).events().count == 2)
        #expect(try files(cli) == ["in.jsonl", "test.sqlite"])
        #expect(try cli.run(["verify"]).status == 0)
    }

    @Test("ingest into a new file: the file holds the batch and nothing else is left in the folder")
    func batchCreatesTheFile() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let input = try write(IngestLines.expenseFlow(), to: "in.jsonl", in: cli)
        let run = try cli.run(["ingest", input])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try StoredLog(path: cli.database).eventCount() == 4)
        #expect(try files(cli) == ["in.jsonl", "test.sqlite"])
        #expect(try cli.run(["verify"]).status == 0)
    }

    @Test("demo creates its file")
    func demoCreatesItsFile() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run(["demo", "--plain"]).status == 0)
        #expect(try StoredLog(path: cli.database).eventCount() > 0)
    }
}
