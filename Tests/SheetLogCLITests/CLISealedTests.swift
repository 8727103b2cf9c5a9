import Foundation
import Synchronization
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
        // The transcripts differ only in the lines after the first that say how the database is sealed.
        func withoutSealingLine(_ text: String) -> [Substring] {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let parts = lines.firstIndex { $0.hasPrefix("Each part below") } ?? 1
            return [lines[0]] + lines[parts...]
        }
        let plainDemo = try plain.run(["demo", "--plain"]).stdout.replacingOccurrences(of: plain.database, with: cli.database)
        #expect(withoutSealingLine(plainDemo) == withoutSealingLine(demo.stdout), "the transcript reads the values back as a plain demo shows them")
        #expect(demo.stdout.contains("The database is sealed: every typed value is encrypted under the key in \(key).\n"))
        let replay = try cli.run(["--key-file", key, "replay", "demo-expense"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("Taxi to the airport"))
        #expect(try cli.run(["replay", "demo-expense"], environment: ["SHEETLOG_KEY_FILE": key]).stdout == replay.stdout)
        #expect(try cli.run(["--key-file", key, "verify"]).status == 0)
        #expect(try cli.run(["--key-file", key, "demo"]).stdout == demo.stdout, "a second run adds nothing")

        let refused = try cli.run(["ingest", "-"], input: Data(#"{"session":"n","type":"endSession"}"#.utf8 + [0x0A]))
        #expect(refused.status == 1)
        #expect(refused.stderr == "sheetlog: \(cli.database) is sealed: give its master key (--key-file FILE or SHEETLOG_KEY_FILE)\n", "a writing command needs the key")
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
    @Test func eraseDeletesASubjectsKeySaysSoOnceAndRefusesAPlainDatabase() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("erase.key").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        let lines = """
            {"session":"s1","subject":"user-7","type":"present","presentation":"p1","route":{"name":"newExpense"},"baseline":{"amount":"mk-gone-81f0"}}
            {"session":"s1","type":"edit","field":"amount","value":"mk-gone-24aa"}
            {"session":"s2","subject":"user-8","type":"present","presentation":"q1","route":{"name":"newExpense"}}
            {"session":"s2","type":"edit","field":"note","value":"mk-kept-5c3e"}

            """
        #expect(try cli.run(["--key-file", key, "ingest", "-"], input: Data(lines.utf8)).status == 0)
        let erased = try cli.run(["--key-file", key, "erase", "--subject", "user-7", "--requested-by", "ticket 88"])
        #expect(erased.status == 0, "\(erased.stderr)")
        #expect(erased.stdout == "erased subject user-7: its key is deleted, 1 session now read as [erased], open session s1 closed (eraseSubject event at position 7)\n")
        #expect(erased.stderr == "")
        let replay = try cli.run(["--key-file", key, "replay", "s1"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("[erased]"))
        #expect(!replay.stdout.contains("mk-gone"))
        #expect(try cli.run(["--key-file", key, "replay", "s2"]).stdout.contains("mk-kept-5c3e"))
        #expect(try cli.run(["--key-file", key, "verify"]).status == 0)
        let export = try cli.run(["--key-file", key, "export"])
        #expect(!export.stdout.contains("mk-gone") && export.stdout.contains("mk-kept-5c3e"))

        let again = try cli.run(["--key-file", key, "erase", "--subject", "user-7", "--requested-by", "test", "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix(#"{"alreadyErased":true,"closedSessions":[],"erased":true,"erasedAt":""#))
        #expect(again.stdout.hasSuffix(#","sessions":1,"subject":"user-7","walCheckpointed":true}"# + "\n"))
        let unknown = try cli.run(["--key-file", key, "erase", "--subject", "user-9", "--requested-by", "test"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "sheetlog: subject user-9 has no key in this database: no session of it was recorded here\n")
        let noKey = try cli.run(["erase", "--subject", "user-8", "--requested-by", "test"])
        #expect(noKey.status == 1)
        #expect(noKey.stderr == "sheetlog: \(cli.database) is sealed: give its master key (--key-file FILE or SHEETLOG_KEY_FILE)\n")

        let plain = try CLIHarness()
        defer { plain.remove() }
        #expect(try plain.run(["demo", "--plain"]).status == 0)
        let refused = try plain.run(["erase", "--subject", "default", "--requested-by", "test"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("sheetlog: \(plain.database) holds a plain log: its values were never sealed, so no key can erase them"))
    }

    @Test("two processes creating one sealed file at once: sealed once, every event of both, and a wrong key writes nothing")
    func twoProcessesCreateOneSealedFile() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("k.key").path
        let other = cli.directory.appendingPathComponent("other.key").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        #expect(try CLIHarness.run(["keygen", other]).status == 0)
        @Sendable func lines(_ process: Int) -> Data {
            Data((0..<20).map { index in
                index == 0
                    ? #"{"session":"p\#(process)","subject":"user-\#(process)","type":"present","presentation":"a","route":{"name":"newExpense"}}"#
                    : #"{"session":"p\#(process)","type":"edit","field":"f","value":"mk-p\#(process)-\#(index)"}"#
            }.joined(separator: "\n").utf8) + Data("\n".utf8)
        }
        for round in 0..<3 {
            let path = cli.directory.appendingPathComponent("shared-\(round).sqlite").path
            let runs = Mutex<[CLIHarness.Run?]>([nil, nil])
            DispatchQueue.concurrentPerform(iterations: 2) { process in
                let run = try? cli.run(["--key-file", key, "ingest", "-"], input: lines(process), database: path)
                runs.withLock { $0[process] = run }
            }
            for run in runs.withLock({ $0 }) { #expect(run?.status == 0, "round \(round): \(run?.stderr ?? "not run")") }
            let export = try cli.run(["--key-file", key, "export"], database: path)
            #expect(export.status == 0, "\(export.stderr)")
            #expect(export.stdout.contains("mk-p0-19") && export.stdout.contains("mk-p1-19"))
            #expect(Self.fileBytes(path).range(of: Data("mk-p".utf8)) == nil, "no value in clear")
            #expect(try cli.run(["--key-file", key, "verify"], database: path).status == 0)

            let refused = try cli.run(["--key-file", other, "ingest", "-"], input: lines(2), database: path)
            #expect(refused.status == 1)
            #expect(try cli.run(["--key-file", key, "export"], database: path).stdout == export.stdout, "the wrong key wrote nothing")
        }
    }
}
