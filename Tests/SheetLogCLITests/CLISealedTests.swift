import Foundation
import Testing

/// `sheetlog keygen`, `--key-file` and `$SHEETLOG_KEY_FILE`, and the sealed demo, through the real binary.
@Suite("sheetlog on sealed databases")
struct CLISealedTests {
    static func fileBytes(_ path: String) -> Data {
        var bytes = Data()
        for suffix in ["", "-wal", "-shm"] { bytes += FileManager.default.contents(atPath: path + suffix) ?? Data() }
        return bytes
    }

    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func keygenWritesAKeyForItsOwnerOnlyAndNeverOverwritesOne() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("master.key").path
        let made = try CLIHarness.run(["keygen", key])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.hasPrefix("wrote a new master key to \(key) (mode 0600, check "))
        #expect(try Self.mode(key) == 0o600)
        let before = FileManager.default.contents(atPath: key)
        let again = try CLIHarness.run(["keygen", key])
        #expect(again.status == 1)
        #expect(again.stderr == "sheetlog: cannot write the key file \(key): a file is there already; a key file is never overwritten\n")
        #expect(FileManager.default.contents(atPath: key) == before)
    }

    @Test func aDemoGivenAKeyIsSealedAndEveryCommandNeedsThatKey() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("demo.key").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        let demo = try cli.run(["--key-file", key, "demo"])
        #expect(demo.status == 0, "\(demo.stderr)")
        let bytes = Self.fileBytes(cli.database)
        for value in ["47.50", "Taxi to the airport", "Ada Lovelace", "Travel"] {
            #expect(bytes.range(of: Data(value.utf8)) == nil, "\(value) on disk")
        }
        let plain = try CLIHarness()
        defer { plain.remove() }
        #expect(try plain.run(["demo"]).stdout.replacingOccurrences(of: plain.database, with: cli.database) == demo.stdout,
                "the transcript reads the values back as a plain demo shows them")
        let replay = try cli.run(["--key-file", key, "replay", "demo-expense"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("Taxi to the airport"))
        #expect(try cli.run(["replay", "demo-expense"], environment: ["SHEETLOG_KEY_FILE": key]).stdout == replay.stdout)
        #expect(try cli.run(["--key-file", key, "verify"]).status == 0)
        #expect(try cli.run(["--key-file", key, "demo"]).stdout == demo.stdout, "a second run adds nothing")

        let refused = try cli.run(["replay", "demo-expense"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "sheetlog: \(cli.database) is sealed: give its master key (--key-file FILE or SHEETLOG_KEY_FILE)\n")
    }

    @Test func ingestExportAndIngestAgainCarryTheSubjectsAndTheValuesIntoAnotherSealedDatabase() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("a.key").path
        let otherKey = cli.directory.appendingPathComponent("b.key").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        #expect(try CLIHarness.run(["keygen", otherKey]).status == 0)
        let lines = """
            {"session":"s1","subject":"user-7","type":"present","presentation":"p1","route":{"name":"newExpense"},"baseline":{"amount":"mk-base-81f0"}}
            {"session":"s1","type":"edit","field":"amount","value":"mk-edit-24aa"}
            {"session":"s2","type":"present","presentation":"q1","route":{"name":"newExpense"}}
            {"session":"s2","type":"edit","field":"note","value":"mk-note-5c3e"}

            """
        let ingest = try cli.run(["--key-file", key, "ingest", "-"], input: Data(lines.utf8))
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(Self.fileBytes(cli.database).range(of: Data("mk-".utf8)) == nil)
        let export = try cli.run(["--key-file", key, "export"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains(#""subject":"user-7""#))
        #expect(export.stdout.contains(#""subject":"default""#))
        #expect(export.stdout.contains("mk-edit-24aa"))

        let copy = cli.directory.appendingPathComponent("copy.sqlite").path
        let again = try cli.run(["--key-file", otherKey, "ingest", "-"], input: Data(export.stdout.utf8), database: copy)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try cli.run(["--key-file", otherKey, "export"], database: copy).stdout == export.stdout)
        #expect(Self.fileBytes(copy).range(of: Data("mk-".utf8)) == nil)

        let wrong = try cli.run(["--key-file", otherKey, "replay", "s1"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.hasPrefix("sheetlog: the master key given (check "))
        #expect(wrong.stderr.split(separator: "\n").count == 1)
        let wrongIngest = try cli.run(["--key-file", otherKey, "ingest", "-"], input: Data(lines.utf8))
        #expect(wrongIngest.status == 1)
        #expect(try cli.run(["--key-file", key, "export"]).stdout == export.stdout, "the refused ingest wrote nothing")
    }
}
