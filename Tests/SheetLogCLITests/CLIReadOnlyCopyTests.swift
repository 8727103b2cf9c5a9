import Foundation
import GRDB
import SheetLog
import SheetLogSQLite
import Testing

/// Copies an auditor is handed: a 0444 file in a 0555 folder, with or without the `-wal` and `-shm`
/// files of a live database beside it. Every reading command and `verify` work on them and leave
/// every byte as it was; what cannot work says what to do.
///
/// The tests run as root, which reads and writes whatever the permission bits say, so each command
/// runs as user `nobody` (`setpriv`, see ``CLIHarness/runUnprivileged(_:database:)``).
@Suite("sheetlog on a read-only copy", .enabled(if: CLIHarness.canRunUnprivileged))
struct CLIReadOnlyCopyTests {
    static let readers: [[String]] = [["stats", "--json"], ["audit"], ["replay", "demo-expense"], ["export"], ["recover"], ["verify"]]

    /// A folder of the harness holding `files`, made read-only: 0444 files in a 0555 folder.
    private func readOnlyFolder(_ name: String, in cli: CLIHarness, copying files: [(from: String, to: String)]) throws -> URL {
        let folder = cli.directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        for file in files {
            let target = folder.appendingPathComponent(file.to).path
            try FileManager.default.copyItem(atPath: file.from, toPath: target)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: target)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        return folder
    }

    /// Every file of `folder` with its bytes.
    private func contents(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    /// Runs every reading command and verify as `nobody` on `path`; each must succeed and `stats`
    /// must count `events`.
    private func expectEveryReaderWorks(on path: String, events: Int, _ cli: CLIHarness) throws {
        for arguments in Self.readers {
            let run = try cli.runUnprivileged(arguments, database: path)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            if arguments.first == "stats" {
                #expect((try? CLIHarness.json(run.stdout) as? [String: Any])?["events"] as? Int == events, "\(run.stdout)")
            }
            if arguments.first == "verify" {
                #expect(run.stdout.contains("healthy") && !run.stdout.contains("NOT healthy"), "\(run.stdout)")
            }
        }
    }

    private func demo(_ cli: CLIHarness) throws -> Int {
        let run = try cli.run(["demo", "--plain"])
        #expect(run.status == 0, "\(run.stderr)")
        return try StoredLog(path: cli.database).eventCount()
    }

    @Test("a closed database copied alone into a read-only folder")
    func closedCopy() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let events = try demo(cli)
        let folder = try readOnlyFolder("copy", in: cli, copying: [(cli.database, "evidence.sqlite")])
        let before = try contents(of: folder)
        try expectEveryReaderWorks(on: folder.appendingPathComponent("evidence.sqlite").path, events: events, cli)
        #expect(try contents(of: folder) == before)
    }

    @Test("verify on a read-only copy whose projections drifted: NOT healthy, exit 1, the copy unchanged")
    func verifyFindsDriftInAReadOnlyCopy() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        _ = try demo(cli)
        let tampering = try DatabaseQueue(path: cli.database)
        try tampering.write { db in try db.execute(sql: "UPDATE sessions SET version = 99 WHERE session = 'demo-expense'") }
        try tampering.close()
        let folder = try readOnlyFolder("copy", in: cli, copying: [(cli.database, "evidence.sqlite")])
        let before = try contents(of: folder)
        let run = try cli.runUnprivileged(["verify"], database: folder.appendingPathComponent("evidence.sqlite").path)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("NOT healthy"))
        #expect(run.stderr.hasPrefix("sheetlog: verify failed: projections:"), "\(run.stderr)")
        #expect(try contents(of: folder) == before)
    }

    @Test("a 0444 file in a folder the user may write: readers and verify work, the file is unchanged")
    func readOnlyFileInAWritableFolder() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let events = try demo(cli)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: cli.database)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: cli.directory.path)
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.database))
        try expectEveryReaderWorks(on: cli.database, events: events, cli)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.database)) == before)
    }

    /// The demo's database, open in this process with more events in its WAL than in the file.
    private func liveDatabase(_ cli: CLIHarness) async throws -> (SheetLogDatabase, events: Int) {
        _ = try demo(cli)
        let database = try SheetLogDatabase.open(path: cli.database)
        try await (database.backend as! SQLiteBackend).store.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        try await database.record(.present(presentation: "late", route: Route(name: "newExpense")), in: "wal-only")
        try await database.record(.edit(field: "amount", value: "12"), in: "wal-only")
        return (database, try await database.backend.lastPosition().asInt)
    }

    @Test("a live database copied with its -wal and -shm: the WAL's events are read, every file is unchanged")
    func liveCopyWithWALAndSharedMemory() async throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let (database, events) = try await liveDatabase(cli)
        let folder = try readOnlyFolder("live", in: cli, copying: [
            (cli.database, "app.sqlite"), (cli.database + "-wal", "app.sqlite-wal"), (cli.database + "-shm", "app.sqlite-shm"),
        ])
        try database.close()
        let before = try contents(of: folder)
        #expect(before["app.sqlite-wal"]?.isEmpty == false)
        try expectEveryReaderWorks(on: folder.appendingPathComponent("app.sqlite").path, events: events, cli)
        #expect(try contents(of: folder) == before)
    }

    @Test("a live database copied with its -wal but no -shm: the message says what to do")
    func liveCopyWithoutSharedMemory() async throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let (database, _) = try await liveDatabase(cli)
        let folder = try readOnlyFolder("live", in: cli, copying: [(cli.database, "app.sqlite"), (cli.database + "-wal", "app.sqlite-wal")])
        try database.close()
        let before = try contents(of: folder)
        let path = folder.appendingPathComponent("app.sqlite").path
        for arguments in Self.readers {
            let run = try cli.runUnprivileged(arguments, database: path)
            #expect(run.status == CLIHarness.refusalStatus(arguments), "\(arguments): \(run.stderr)")
            #expect(run.stderr.hasPrefix("sheetlog: cannot read \(path) in place:"), "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("copy \(path) and \(path)-wal into a folder you may write"), "\(arguments): \(run.stderr)")
        }
        #expect(try contents(of: folder) == before)
    }

    @Test("writing commands on a read-only copy say the file cannot be written, and change nothing")
    func writingCommandsOnAReadOnlyCopy() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        _ = try demo(cli)
        let folder = try readOnlyFolder("copy", in: cli, copying: [(cli.database, "evidence.sqlite")])
        let before = try contents(of: folder)
        let path = folder.appendingPathComponent("evidence.sqlite").path
        let input = cli.directory.appendingPathComponent("in.jsonl")
        try Data((IngestLines.expenseFlow("more").joined(separator: "\n") + "\n").utf8).write(to: input)
        for arguments in [["ingest", input.path], ["rebuild"], ["recover", "decline", "demo-crash", "expense"]] {
            let run = try cli.runUnprivileged(arguments, database: path)
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            #expect(run.stderr.hasPrefix("sheetlog: cannot write to \(path):"), "\(arguments): \(run.stderr)")
        }
        #expect(try contents(of: folder) == before)
    }

    /// SQLite opens a file it may not write read-only, without a word, when the `-wal` and `-shm` it
    /// needs are there already: the first write then failed deep in the append ("append failed in
    /// SQLite: attempt to write a readonly database"), where the same copy without them said what
    /// was wrong at open. With the `-wal` alone, rebuild, recover, prune and erase said the copy
    /// could not be read in place (a reader's refusal) where ingest said it could not be written.
    @Test("writing commands on a read-only live copy say the file cannot be written, and change nothing",
          arguments: [["-wal", "-shm"], ["-wal"]])
    func writingCommandsOnAReadOnlyLiveCopy(sideFiles: [String]) async throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let (database, _) = try await liveDatabase(cli)
        let folder = try readOnlyFolder("live", in: cli, copying: [(cli.database, "app.sqlite")] + sideFiles.map { (cli.database + $0, "app.sqlite" + $0) })
        try database.close()
        let before = try contents(of: folder)
        let path = folder.appendingPathComponent("app.sqlite").path
        for arguments in try Self.writers(cli) {
            let run = try cli.runUnprivileged(arguments, database: path)
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            #expect(run.stderr.hasPrefix("sheetlog: cannot write to \(path): permission denied (the file is read-only)"), "\(arguments): \(run.stderr)")
        }
        #expect(try contents(of: folder) == before)
    }

    /// A reading command by another user leaves the `-wal` and `-shm` it made, theirs: the owner's
    /// writing commands then failed with "attempt to write a readonly database" at the first write.
    @Test("-wal and -shm another user's read left: the owner's writing commands name the file in the way, and change nothing")
    func sideFilesOfAnotherUser() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        _ = try demo(cli)
        let folder = cli.directory.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        let path = folder.appendingPathComponent("app.sqlite").path
        try FileManager.default.copyItem(atPath: cli.database, toPath: path)
        #expect(chown(path, 65534, 65534) == 0)
        // User daemon (1) reads it: SQLite leaves the -wal and -shm that reader made, daemon's, 0644.
        // (Root's would be given to the file's owner: SQLite does so as root.)
        #expect(try cli.runUnprivileged(["sessions"], database: path, user: 1).status == 0)
        #expect(FileManager.default.fileExists(atPath: path + "-wal") && FileManager.default.fileExists(atPath: path + "-shm"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for arguments in try Self.writers(cli) {
            let run = try cli.runUnprivileged(arguments, database: path)
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            #expect(
                run.stderr.hasPrefix("sheetlog: cannot write to \(path): \(path)-wal may not be written by this user (permission denied)"),
                "\(arguments): \(run.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try cli.runUnprivileged(["sessions"], database: path).status == 0, "reading still works")
    }

    /// The writing commands, each with what it needs to write.
    private static func writers(_ cli: CLIHarness) throws -> [[String]] {
        let input = cli.directory.appendingPathComponent("in.jsonl")
        try Data((IngestLines.expenseFlow("more").joined(separator: "\n") + "\n").utf8).write(to: input)
        return [["ingest", input.path], ["ingest", "--each", input.path], ["rebuild"], ["recover", "decline", "demo-crash", "expense"],
                ["prune", "--before", "2030-01-01"]]
    }
}

extension Int64 {
    fileprivate var asInt: Int { Int(self) }
}
