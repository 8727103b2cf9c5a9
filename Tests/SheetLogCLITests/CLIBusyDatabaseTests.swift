import Foundation
import GRDB
import Testing

/// Another process holds the database's lock past `--busy-timeout`: that is no failed check and no
/// rejected input, but exit 3 with a sentence saying the database is busy and to try again.
@Suite("sheetlog on a database another process holds locked")
struct CLIBusyDatabaseTests {
    static let busyExit: Int32 = 3

    /// A connection of this test process (to the `sheetlog` child, another process) that holds the
    /// write lock, or with `exclusive` every lock (SQLite's exclusive locking mode), while `body` runs.
    ///
    /// The write lock is held through a `DatabasePool`, as an app holds it: its open leaves a WAL
    /// with frames in it, so the child's own open needs no lock and the child meets the lock where
    /// its command takes it.
    private func holdingLock<T>(of path: String, exclusive: Bool = false, _ body: () throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let holder: any DatabaseWriter = exclusive
            ? try DatabaseQueue(path: path, configuration: configuration)
            : try DatabasePool(path: path, configuration: configuration)
        try holder.writeWithoutTransaction { db in
            if exclusive {
                try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
                try db.execute(sql: "BEGIN EXCLUSIVE")
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM events")
            } else {
                try db.execute(sql: "BEGIN IMMEDIATE")
            }
        }
        defer {
            try? holder.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
            try? holder.close()
        }
        return try body()
    }

    private func demoDatabase() throws -> CLIHarness {
        let cli = try CLIHarness()
        let demo = try cli.run(["demo", "--plain"])
        #expect(demo.status == 0, "\(demo.stderr)")
        return cli
    }

    private func busyMessage(_ action: String, _ cli: CLIHarness) -> String {
        "sheetlog: could not \(action) \(cli.database): the database is busy (locked by another process) — try again\n"
    }

    @Test("verify reads beside a writer: healthy, exit 0, while another process holds the write lock")
    func verifyBesideAWriter() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        for json in [false, true] {
            let run = try holdingLock(of: cli.database) { try cli.runBinary(["--busy-timeout", "0.2", "verify"] + (json ? ["--json"] : [])) }
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty)
            #expect(run.stdout.contains("healthy"))
        }
    }

    @Test("verify on a database locked exclusively: exit 3 and 'could not check', never 'NOT healthy'")
    func verifyOnAnExclusivelyLockedDatabase() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        let run = try holdingLock(of: cli.database, exclusive: true) { try cli.runBinary(["--busy-timeout", "0.2", "verify"]) }
        #expect(run.status == Self.busyExit, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr == busyMessage("check", cli))
        #expect(!run.stdout.contains("healthy"))
        #expect(try cli.run(["verify"]).status == 0)
    }

    @Test("the commands that write say the database is busy with exit 3, and write nothing")
    func writingCommandsOnABusyDatabase() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        let before = try StoredLog(path: cli.database).events()
        let input = cli.directory.appendingPathComponent("in.jsonl")
        try Data((IngestLines.expenseFlow("busy").joined(separator: "\n") + "\n").utf8).write(to: input)
        let commands: [([String], String)] = [
            (["ingest", input.path], "write to"),
            (["ingest", input.path, "--each"], "write to"),
            (["rebuild"], "rebuild the projections of"),
            (["recover", "decline", "demo-crash", "expense"], "write to"),
            (["recover", "restore", "demo-crash", "expense", "--into", "elsewhere"], "write to"),
        ]
        try holdingLock(of: cli.database) {
            for (arguments, action) in commands {
                let run = try cli.runBinary(["--busy-timeout", "0.2"] + arguments)
                #expect(run.status == Self.busyExit, "\(arguments): \(run.stderr)")
                #expect(run.stderr.hasSuffix(busyMessage(action, cli).dropFirst("sheetlog: ".count)), "\(arguments)")
                if arguments.contains("--each") {
                    // Every line the run read is answered: the first, not stored, and the run stops there.
                    let answers = run.stdout.split(separator: "\n").map(String.init)
                    #expect(answers.count == 1, "\(answers)")
                    let answer = try #require(try CLIHarness.json(answers.first ?? "") as? [String: Any])
                    #expect(answer["line"] as? Int == 1 && answer["code"] as? String == "busy", "\(answer)")
                    #expect(answer["stopped"] as? Bool == true && answer["stored"] as? Bool == false, "\(answer)")
                } else {
                    #expect(run.stdout.isEmpty, "\(arguments): \(run.stdout)")
                }
            }
        }
        #expect(try StoredLog(path: cli.database).events() == before)
    }

    @Test("reading commands read past another process's write lock, and say busy (exit 3) under an exclusive one")
    func readingCommandsOnABusyDatabase() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        let readers: [[String]] = [["stats"], ["audit"], ["replay", "demo-expense"], ["recover"], ["export"]]
        try holdingLock(of: cli.database) {
            for arguments in readers {
                let run = try cli.runBinary(["--busy-timeout", "0.2"] + arguments)
                #expect(run.status == 0, "\(arguments): \(run.stderr)")
            }
        }
        try holdingLock(of: cli.database, exclusive: true) {
            for arguments in readers {
                let run = try cli.runBinary(["--busy-timeout", "0.2"] + arguments)
                #expect(run.status == Self.busyExit, "\(arguments): \(run.stderr)")
                #expect(run.stderr == busyMessage("read", cli), "\(arguments)")
            }
        }
    }

    @Test("--busy-timeout takes seconds from 0 up; anything else is a usage error")
    func busyTimeoutValidation() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        #expect(try cli.run(["--busy-timeout", "0", "stats"]).status == 0)
        let negative = try cli.run(["--busy-timeout=-1", "stats"])
        #expect(negative.status == 2)
        #expect(negative.stderr.contains("--busy-timeout"))
        let help = try CLIHarness.run(["--help"])
        let helpText = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(helpText.contains("3 the database is busy"))
    }
}
