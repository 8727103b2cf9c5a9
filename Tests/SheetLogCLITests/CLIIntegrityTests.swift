import Foundation
import GRDB
import Testing

/// Export round trip, tampering caught by verify, usage errors and a newer schema refused.
@Suite("sheetlog export, verify, usage")
struct CLIIntegrityTests {
    @Test func exportThenIngestReproducesEventsAndProjections() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.run(["demo", "--plain"])
        try cli.run(["recover", "restore", "demo-crash", "expense", "--into", "relaunch", "--as", "expense-2"])
        try cli.ingest([#"{"session":"relaunch","type":"dismissAll","source":"programmatic","at":"2026-01-02T00:00:00Z"}"#])
        let export = try cli.run(["export"])
        #expect(export.status == 0)
        let copy = cli.directory.appendingPathComponent("copy.sqlite").path
        let ingest = try cli.run(["ingest", "-"], input: Data(export.stdout.utf8), database: copy)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(try StoredLog(path: copy).events() == StoredLog(path: cli.database).events())
        #expect(try StoredLog(path: copy).projections() == StoredLog(path: cli.database).projections())
        #expect(try cli.run(["verify"], database: copy).status == 0)
    }

    @Test func exportOfOneSession() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.run(["demo", "--plain"])
        let lines = try cli.run(["export", "--session", "demo-cancel"]).stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""id":"demo-cancel-1""#) == true)
        #expect(lines.first?.contains(#""at":"2026-01-01T09:05:00.000Z""#) == true)
    }

    @Test func verifyCatchesAnEditedRow() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.ingest(IngestLines.expenseFlow())
        let queue = try DatabaseQueue(path: cli.database)
        try queue.write { db in
            try db.execute(sql: "DROP TRIGGER events_refuse_update")
            try db.execute(sql: #"UPDATE events SET payload = '{"field":"amount","presentation":"p1","value":"1.00"}' WHERE position = 2"#)
        }
        try queue.close()
        let run = try cli.run(["verify"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("sheetlog: verify failed: "))
        #expect(run.stdout.contains("FAILED"))
        let json = try #require(try CLIHarness.json(try cli.run(["verify", "--json"]).stdout) as? [String: Any])
        #expect(json["healthy"] as? Bool == false)
    }

    @Test func usageErrorsExitWithTwo() throws {
        for arguments in [["bogus"], ["replay"], ["audit", "--json", "--csv"], ["replay", "s1", "--at", "0"], ["audit", "--source", "shake"]] {
            let run = try CLIHarness.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(!run.stderr.isEmpty)
        }
        let missingValue = try CLIHarness.run(["stats", "--db"])
        #expect(missingValue.status == 2)
        let help = try CLIHarness.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: sheetlog"))
    }

    @Test func databaseOfANewerSchemaIsRefused() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.ingest([IngestLines.present()])
        let queue = try DatabaseQueue(path: cli.database)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO sheetlog_migrations (number, name, sha256, applied_at) VALUES (999, 'future', 'x', 0)")
        }
        try queue.close()
        let run = try cli.run(["stats"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("sheetlog: "))
        #expect(run.stderr.contains("newer"))
    }

    @Test func databaseOptionWorksBeforeAndAfterTheCommand() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.ingest(IngestLines.expenseFlow())
        let after = try CLIHarness.run(["stats", "--json", "--db", cli.database])
        let before = try CLIHarness.run(["--db", cli.database, "stats", "--json"])
        #expect((try CLIHarness.json(after.stdout) as? [String: Any])?["events"] as? Int == 4)
        #expect((try CLIHarness.json(before.stdout) as? [String: Any])?["events"] as? Int == 4)
    }

    @Test func verboseLogsAppliedMigrations() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        // demo creates and migrates a new database (rebuild and verify refuse a missing one; reading
        // commands never create one).
        let quiet = try cli.run(["demo", "--plain"])
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(!quiet.stderr.contains("applied schema migration"))
        let other = cli.directory.appendingPathComponent("v.sqlite").path
        let verbose = try cli.run(["demo", "--plain", "--verbose"], database: other)
        #expect(verbose.stderr.contains("applied schema migration"))
    }
}
