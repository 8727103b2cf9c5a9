import Foundation
import Testing

/// A `--db` or an input path the file system refuses: the message says what is wrong with which
/// path, in words — never only `errno N`, `SQLite code N` or `disk I/O error`.
@Suite("sheetlog on a path the file system refuses")
struct CLIFileProblemTests {
    /// Every command, with the arguments it needs; `input` is an ingest file.
    private static func commands(input: String) -> [[String]] {
        [
            ["demo"], ["ingest", input], ["ingest", input, "--each"], ["verify"], ["rebuild"], ["stats"], ["audit"],
            ["replay", "s1"], ["export"], ["recover"], ["recover", "decline", "s1", "p1"],
            ["recover", "restore", "s1", "p1", "--into", "s2"],
        ]
    }

    private static func expectNoRawCodes(_ run: CLIHarness.Run, _ arguments: [String]) {
        for raw in ["errno", "SQLite code", "disk I/O error", "unable to open database file", "readonly database"] {
            #expect(!run.stderr.contains(raw), "\(arguments): \(run.stderr)")
        }
    }

    private static func inputFile(in cli: CLIHarness) throws -> String {
        let input = cli.directory.appendingPathComponent("in.jsonl")
        try Data((IngestLines.expenseFlow().joined(separator: "\n") + "\n").utf8).write(to: input)
        return input.path
    }

    @Test("--db naming a directory: 'PATH is a directory', whatever the command")
    func databaseIsADirectory() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let folder = cli.directory.appendingPathComponent("folder.sqlite")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        for arguments in Self.commands(input: try Self.inputFile(in: cli)) {
            let run = try cli.run(arguments, database: folder.path)
            #expect(run.status == CLIHarness.refusalStatus(arguments), "\(arguments): \(run.stderr)")
            #expect(run.stderr == "sheetlog: \(folder.path) is a directory, not a database file\n", "\(arguments)")
            Self.expectNoRawCodes(run, arguments)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("--db naming a file that is no SQLite database: said so, and the file is left as it was")
    func databaseIsNoSQLiteFile() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let notes = cli.directory.appendingPathComponent("notes.txt")
        let text = Data(String(repeating: "not a database\n", count: 300).utf8)
        try text.write(to: notes)
        for arguments in Self.commands(input: try Self.inputFile(in: cli)) {
            let run = try cli.run(arguments, database: notes.path)
            #expect(run.status == CLIHarness.refusalStatus(arguments), "\(arguments): \(run.stderr)")
            #expect(run.stderr == "sheetlog: \(notes.path) is not a SheetLog database: it is not an SQLite database file\n", "\(arguments)")
        }
        #expect(try Data(contentsOf: notes) == text)
    }

    @Test("--db in a folder that does not exist: 'no such folder: DIR', and the folder is not made")
    func folderDoesNotExist() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let folder = cli.directory.appendingPathComponent("absent").path
        let path = folder + "/log.sqlite"
        for arguments in Self.commands(input: try Self.inputFile(in: cli)) {
            let run = try cli.run(arguments, database: path)
            #expect(run.status == CLIHarness.refusalStatus(arguments), "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("no such folder: \(folder)"), "\(arguments): \(run.stderr)")
            Self.expectNoRawCodes(run, arguments)
        }
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test("--db in a folder the user may not enter: 'cannot open PATH: permission denied'",
          .enabled(if: CLIHarness.canRunUnprivileged))
    func folderNotPermitted() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let folder = cli.directory.appendingPathComponent("private")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let path = folder.appendingPathComponent("log.sqlite").path
        #expect(try cli.run(["demo", "--plain"], database: path).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for arguments in Self.commands(input: try Self.inputFile(in: cli)) {
            let run = try cli.runUnprivileged(arguments, database: path)
            #expect(run.status == CLIHarness.refusalStatus(arguments), "\(arguments): \(run.stderr)")
            #expect(run.stderr == "sheetlog: cannot open \(path): permission denied\n", "\(arguments)")
            Self.expectNoRawCodes(run, arguments)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("ingest's input: a missing file, a directory, a file the user may not read")
    func ingestInputProblems() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let missing = cli.directory.appendingPathComponent("none.jsonl").path
        let run = try cli.run(["ingest", missing])
        #expect(run.status == 1)
        #expect(run.stderr == "sheetlog: cannot open the input file \(missing): no such file\n")

        let folder = cli.directory.appendingPathComponent("lines")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        for extra in [[], ["--each"]] {
            let directory = try cli.run(["ingest", folder.path] + extra)
            #expect(directory.status == 1)
            #expect(directory.stderr == "sheetlog: the input file \(folder.path) is a directory\n", "\(extra)")
        }

        if CLIHarness.canRunUnprivileged {
            let secret = try Self.inputFile(in: cli)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secret)
            let elsewhere = try CLIHarness()
            defer { elsewhere.remove() }
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: elsewhere.directory.path)
            let denied = try elsewhere.runUnprivileged(["ingest", secret])
            #expect(denied.status == 1)
            #expect(denied.stderr == "sheetlog: cannot open the input file \(secret): permission denied\n")
        }
    }
}
