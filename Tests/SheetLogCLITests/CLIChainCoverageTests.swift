import Foundation
import GRDB
import Testing

/// `sheetlog verify` against edits made with the triggers dropped: every stored column of an event
/// is chained, and events cut off the end of the log are found and their positions never reused.
@Suite("sheetlog verify: every column chained, the log's end")
struct CLIChainCoverageTests {
    /// Runs `statements` on the file as someone with the `sqlite3` shell would, triggers dropped first.
    static func tamper(_ path: String, _ statements: [String]) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "DROP TRIGGER IF EXISTS events_refuse_update")
            try db.execute(sql: "DROP TRIGGER IF EXISTS events_refuse_delete")
            for statement in statements { try db.execute(sql: statement) }
        }
        try queue.close()
    }

    /// The JSON report of `sheetlog verify --json`, by check name.
    static func checks(_ cli: CLIHarness) throws -> [String: [String: Any]] {
        let report = try #require(try CLIHarness.json(try cli.run(["verify", "--json"]).stdout) as? [String: Any])
        let checks = try #require(report["checks"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: checks.map { ($0["name"] as? String ?? "", $0) })
    }

    @Test("an edited time or metadata breaks the chain at its position", arguments: [
        "UPDATE events SET occurred_at = occurred_at - 86400000 WHERE position = 3",
        "UPDATE events SET occurred_at = NULL WHERE position = 3",
        "UPDATE events SET recorded_at = recorded_at + 1 WHERE position = 3",
        #"UPDATE events SET metadata = '{"user":"someone-else"}' WHERE position = 3"#,
        "UPDATE events SET metadata = NULL WHERE position = 3",
    ])
    func editedColumnIsFound(statement: String) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.ingest(IngestLines.expenseFlow())
        #expect(try cli.run(["verify"]).status == 0)
        try Self.tamper(cli.database, [statement])
        // The projections follow the edit (the audit would show the forged time): only the chain can tell.
        #expect(try cli.run(["rebuild"]).status == 0)

        let run = try cli.run(["verify"])
        #expect(run.status == 1, "\(statement)")
        #expect(run.stderr == "sheetlog: verify failed: chain: the integrity chain breaks at position 3\n")
        #expect(try Self.checks(cli)["chain"]?["passed"] as? Bool == false)
    }

    @Test("events deleted at the end are found, and their positions are never used again")
    func deletedEndIsFoundAndNeverReused() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.ingest(IngestLines.expenseFlow())
        try Self.tamper(cli.database, ["DELETE FROM events WHERE position >= 3"])
        #expect(try cli.run(["rebuild"]).status == 0)

        let run = try cli.run(["verify"])
        #expect(run.status == 1)
        #expect(run.stderr == "sheetlog: verify failed: positions: positions 3…4 are missing at the end of the log (sqlite_sequence records position 4 as written, the last event is at 2)\n")

        let next = try cli.ingest([IngestLines.present("s2", id: "after-cut")])
        #expect(next.status == 0, "\(next.stderr)")
        let positions = try DatabaseQueue(path: cli.database).read { db in
            try Int64.fetchAll(db, sql: "SELECT position FROM events ORDER BY position")
        }
        #expect(positions == [1, 2, 5])
        let after = try cli.run(["verify"])
        #expect(after.status == 1)
        #expect(after.stderr == "sheetlog: verify failed: positions: position 3 is missing (3 events, last position 5)\n")
        // The event after the cut is chained to the last one kept: only the missing positions are reported.
        #expect(try Self.checks(cli)["chain"]?["passed"] as? Bool == true)
    }

    @Test("a sqlite_sequence lowered below the last position is reported, and appends still continue after the last event")
    func loweredSequenceIsFound() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.ingest(IngestLines.expenseFlow())
        try Self.tamper(cli.database, ["UPDATE sqlite_sequence SET seq = 2 WHERE name = 'events'"])
        let run = try cli.run(["verify"])
        #expect(run.status == 1)
        #expect(run.stderr == "sheetlog: verify failed: positions: sqlite_sequence records position 2 as the highest written, below the last event at 4: it was edited\n")
        let next = try cli.ingest([IngestLines.present("s2")])
        #expect(next.status == 0, "\(next.stderr)")
        let positions = try DatabaseQueue(path: cli.database).read { db in
            try Int64.fetchAll(db, sql: "SELECT position FROM events ORDER BY position")
        }
        #expect(positions == [1, 2, 3, 4, 5])
    }
}
