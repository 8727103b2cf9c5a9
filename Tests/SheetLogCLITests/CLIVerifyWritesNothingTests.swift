import Foundation
import GRDB
import Testing

/// `verify` is a reading command: an auditor runs it on a copy and the copy's checksum does not
/// change. And one rule for a key given to a plain database, whatever the command reads.
@Suite("verify writes nothing; one exit-code rule for a key on a plain file")
struct CLIVerifyWritesNothingTests {
    /// The file and the content of its WAL (SQLite may leave an empty `-wal` where there was none:
    /// no content either way).
    static func bytes(_ path: String) -> [Data] {
        [FileManager.default.contents(atPath: path) ?? Data(), FileManager.default.contents(atPath: path + "-wal") ?? Data()]
    }

    @Test("the file and its WAL are byte for byte as they were after verify, run twice, plain and sealed, healthy and not")
    func verifyLeavesTheFileAsItWas() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("demo.key").path
        #expect(try cli.run(["demo", "--plain"]).status == 0)
        let sealed = cli.directory.appendingPathComponent("sealed.sqlite").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        #expect(try cli.run(["--key-file", key, "demo"], database: sealed).status == 0)

        for (path, extra) in [(cli.database, [String]()), (sealed, ["--key-file", key])] {
            let before = Self.bytes(path)
            for _ in 0..<2 {
                let verify = try cli.run(extra + ["verify"], database: path)
                #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
                #expect(Self.bytes(path) == before, "verify changed \(path)")
            }
        }

        // A read model that drifted: verify fails (exit 1) and leaves the file as it was.
        let queue = try DatabaseQueue(path: cli.database)
        try queue.write { db in try db.execute(sql: "UPDATE presentations SET route_name = 'drifted'") }
        try queue.close()
        let drifted = Self.bytes(cli.database)
        let failed = try cli.run(["verify"])
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("sheetlog: verify failed: projections"), "\(failed.stderr)")
        #expect(Self.bytes(cli.database) == drifted)
    }

    @Test("a key given for a plain database: every reading command, verify included, answers and exits 0; a writing one refuses it")
    func keyOnAPlainFile() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run(["demo", "--plain"]).status == 0)
        let key = cli.directory.appendingPathComponent("stray.key").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        let before = Self.bytes(cli.database)
        for command in [["verify"], ["audit"], ["replay", "demo-expense"], ["stats"], ["export"], ["recover"]] {
            let withKey = try cli.run(["--key-file", key] + command)
            let without = try cli.run(command)
            #expect(withKey.status == 0, "\(command): \(withKey.stderr)")
            #expect(withKey.stdout == without.stdout, "\(command)")
        }
        #expect(Self.bytes(cli.database) == before)
        let line = #"{"session":"x","type":"present","presentation":"p","route":{"name":"n"}}"# + "\n"
        let ingest = try cli.run(["--key-file", key, "ingest", "-"], input: Data(line.utf8))
        #expect(ingest.status == 1)
        #expect(ingest.stderr.contains("plain"), "\(ingest.stderr)")
        #expect(Self.bytes(cli.database) == before)
    }

    @Test("exit 1 of verify is only ever a failed check: a file it cannot check is exit 4, with the reason")
    func exitOneIsAFailedCheck() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let missing = try cli.run(["verify"])
        #expect(missing.status == 4)
        #expect(missing.stderr.hasPrefix("sheetlog: no SheetLog database at"), "\(missing.stderr)")

        let key = cli.directory.appendingPathComponent("k.key").path
        let other = cli.directory.appendingPathComponent("other.key").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        #expect(try CLIHarness.run(["keygen", other]).status == 0)
        #expect(try cli.run(["--key-file", key, "demo"]).status == 0)
        let wrongKey = try cli.run(["--key-file", other, "verify"])
        #expect(wrongKey.status == 4, "\(wrongKey.stderr)")
        #expect(!wrongKey.stderr.contains("verify failed"))

        let notSheetLog = cli.directory.appendingPathComponent("notes.txt").path
        try Data("not a database at all, just text that is long enough to be read\n".utf8).write(to: URL(fileURLWithPath: notSheetLog))
        #expect(try cli.run(["verify"], database: notSheetLog).status == 4)

        // A failed check is 1.
        let drift = try cli.run(["--key-file", key, "verify"])
        #expect(drift.status == 0, "\(drift.stderr)")
    }
}
