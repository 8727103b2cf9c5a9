import Foundation
import Testing

@Suite("sheetlog demo")
struct CLIDemoTests {
    @Test func demoIsIdempotentAndPrintsTheSame() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let first = try cli.run(["demo"])
        #expect(first.status == 0, "\(first.stderr)")
        let events = try StoredLog(path: cli.database).events()
        let second = try cli.run(["demo"])
        #expect(second.status == 0)
        #expect(second.stdout == first.stdout)
        #expect(try StoredLog(path: cli.database).events() == events)
    }

    @Test func demoShowsEachPartUnderTheCommandThatShowsIt() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let output = try cli.run(["demo"]).stdout
        for heading in ["demo-expense", "demo-cancel", "demo-friend", "demo-editor", "demo-stack", "demo-crash"] {
            #expect(output.contains("\n$ sheetlog replay \(heading)\n"))
        }
        #expect(output.contains("\n$ sheetlog audit\n"))
        #expect(output.contains("\n$ sheetlog recover\n"))
        #expect(output.contains("sheetlog: present: route group editor is already in the stack"))
        #expect(output.contains("attemptDismiss item by cancelButton -> blocked"))
        #expect(output.contains("demo-crash  expense       newExpense  open"))
    }

    @Test func theDemoSealsANewDatabaseUnderAKeyFileBesideIt() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("test.key").path
        let demo = try cli.run(["demo"])
        #expect(demo.status == 0, "\(demo.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: key)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "the demo's key file is its owner's")
        #expect(demo.stdout.contains("The database is sealed: every typed value is encrypted under the key in \(key)"), "\(demo.stdout.prefix(400))")
        #expect(demo.stdout.contains("The commands below need them:\n  export SHEETLOG_DB=\(cli.database)\n  export SHEETLOG_KEY_FILE=\(key)\n"),
                "--db named the database: the printed commands need it too")
        let replayAsPrinted = try CLIHarness.run(["replay", "demo-expense"], environment: ["SHEETLOG_DB": cli.database, "SHEETLOG_KEY_FILE": key])
        #expect(replayAsPrinted.status == 0, "\(replayAsPrinted.stderr)")
        for file in [cli.database, cli.database + "-wal"] {
            let bytes = FileManager.default.contents(atPath: file) ?? Data()
            for value in ["47.50", "Taxi to the airport", "Ada Lovelace"] { #expect(bytes.range(of: Data(value.utf8)) == nil, "\(value) in \(file)") }
        }
        let withheld = try cli.run(["replay", "demo-expense"])
        #expect(withheld.status == 0 && !withheld.stdout.contains("Taxi to the airport"), "without its key, the values are withheld")
        let replay = try cli.run(["replay", "demo-expense"], environment: ["SHEETLOG_KEY_FILE": key])
        #expect(replay.status == 0 && replay.stdout.contains("Taxi to the airport"))
        #expect(try cli.run(["demo"]).stdout == demo.stdout, "a second run finds the key beside the database, adds nothing, prints the same")

        let plain = try CLIHarness()
        defer { plain.remove() }
        let plainDemo = try plain.run(["demo", "--plain"])
        #expect(plainDemo.stdout.contains("The database is plain: values are stored as typed"))
        #expect(!FileManager.default.fileExists(atPath: plain.directory.appendingPathComponent("test.key").path))
        #expect(try plain.run(["replay", "demo-expense"]).stdout.contains("Taxi to the airport"))
        let both = try plain.run(["demo", "--plain", "--key-file", key])
        #expect(both.status == 2 && both.stderr.contains("--plain records without a key"), "\(both.stderr)")
        let plainOnSealed = try cli.run(["demo", "--plain"])
        #expect(plainOnSealed.status == 1 && plainOnSealed.stderr.contains("--plain applies to a new database only"), "\(plainOnSealed.stderr)")

        // An empty file is no database yet: sealed as a new one. An empty --db is a usage error.
        let empty = cli.directory.appendingPathComponent("empty.sqlite").path
        FileManager.default.createFile(atPath: empty, contents: Data())
        let emptyDemo = try cli.run(["demo"], database: empty)
        #expect(emptyDemo.status == 0 && emptyDemo.stdout.contains("The database is sealed"), "\(emptyDemo.stdout.prefix(300))\(emptyDemo.stderr)")
        let noPath = try CLIHarness.run(["--db", "", "demo"])
        #expect(noPath.status == 2 && noPath.stderr.contains("--db must not be empty"), "\(noPath.stderr)")
    }

    @Test func demoUsesTheEnvironmentsDatabase() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let path = cli.directory.appendingPathComponent("env.sqlite").path
        let run = try CLIHarness.run(["demo"], environment: ["SHEETLOG_DB": path])
        #expect(run.status == 0)
        #expect(run.stdout.contains("are in \(path)."))
        #expect(try StoredLog(path: path).eventCount() == 23)
    }
}
