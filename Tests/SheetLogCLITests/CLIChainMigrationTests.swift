import Foundation
import GRDB
import SheetLog
import SheetLogSQLite
import Testing

/// A database written before migration 0006 (chain rule 1) opened by this build: it keeps verifying,
/// new events are chained under rule 2, and a rule-2 row rewritten under rule 1 is refused.
@Suite("sheetlog verify across migration 0006")
struct CLIChainMigrationTests {
    /// A file at migration 0004 holding `lines` as an older SheetLog wrote them: rule-1 chains, no
    /// `chain_version` column, and the projection rows the appends left.
    static func databaseAtMigration4(_ cli: CLIHarness, lines: [String]) throws -> String {
        let source = cli.directory.appendingPathComponent("source.sqlite").path
        #expect(try cli.ingest(lines, database: source).status == 0)
        let (events, projections) = try DatabaseQueue(path: source).read { db in
            let events = try Row.fetchAll(db, sql: """
                SELECT position, event_id, stream, version, type, schema_version, payload, metadata, occurred_at, recorded_at
                FROM events ORDER BY position
                """)
            var projections: [String: [Row]] = [:]
            for table in ["sessions", "presentations", "dismissals"] {
                projections[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table)")
            }
            return (events, projections)
        }
        let path = cli.directory.appendingPathComponent("at-0004.sqlite").path
        let old = try DatabaseQueue(path: path)
        try old.writeWithoutTransaction { db in
            try SchemaMigrator(migrations: Array(SchemaMigration.embedded.prefix(4))).migrate(db, location: path, clock: SystemClock())
            try db.inTransaction {
                var chain = IntegrityChain.genesis
                for row in events {
                    // Rule 1, pinned by IntegrityChainTests' known answers: what every older build wrote.
                    chain = IntegrityChain.linkV1(
                        previous: chain, position: row["position"], eventID: row["event_id"], stream: row["stream"],
                        version: row["version"], type: row["type"], payload: row["payload"])
                    try db.execute(sql: """
                        INSERT INTO events (position, event_id, stream, version, type, schema_version, payload, metadata,
                                            occurred_at, recorded_at, chain)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: StatementArguments(Array(row.databaseValues) + [Data(chain).databaseValue]))
                }
                for (table, rows) in projections {
                    for row in rows {
                        let marks = Array(repeating: "?", count: row.count).joined(separator: ", ")
                        try db.execute(sql: "INSERT INTO \(table) VALUES (\(marks))", arguments: StatementArguments(Array(row.databaseValues)))
                    }
                }
                return .commit
            }
        }
        try old.close()
        return path
    }

    @Test("rule-1 events keep verifying after 0006, and the events appended next are rule 2")
    func oldDatabaseKeepsVerifying() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let path = try Self.databaseAtMigration4(cli, lines: IngestLines.expenseFlow())

        // verify reads without writing: a file at migration 0004 lacks those readers need (0005, 0006),
        // so it is refused with what to do (exit 4, nothing checked), and verifies once a writer migrated it.
        let unmigrated = try cli.run(["verify"], database: path)
        #expect(unmigrated.status == 4)
        #expect(unmigrated.stderr.contains("lacks migration 5") && unmigrated.stderr.contains("open it for writing once"), "\(unmigrated.stderr)")
        #expect(try cli.run(["rebuild"], database: path).status == 0)
        let first = try cli.run(["verify"], database: path)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("4 events chained (4 of them before migration 0006, under rule 1, which leaves their times and metadata out)"))

        let more = try cli.ingest(IngestLines.expenseFlow("s2", prefix: "n"), database: path)
        #expect(more.status == 0, "\(more.stderr)")
        let stored = try DatabaseQueue(path: path).read { db in
            (try Int.fetchAll(db, sql: "SELECT chain_version FROM events ORDER BY position"),
             try Int.fetchAll(db, sql: "SELECT number FROM sheetlog_migrations ORDER BY number"))
        }
        #expect(stored.0 == [1, 1, 1, 1, 2, 2, 2, 2])
        #expect(stored.1 == SchemaMigration.embedded.map(\.number).sorted())
        let second = try cli.run(["verify"], database: path)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.contains("8 events chained (4 of them before migration 0006"))

        // A rule-2 time is now covered: the same edit that rule 1 leaves out is found.
        try CLIChainCoverageTests.tamper(path, ["UPDATE events SET occurred_at = occurred_at + 60000 WHERE position = 7"])
        let edited = try cli.run(["verify"], database: path)
        #expect(edited.status == 1)
        #expect(edited.stderr == "sheetlog: verify failed: chain: the integrity chain breaks at position 7\n")
    }

    @Test("a rule-2 row rewritten under rule 1, its chain recomputed, is refused as a downgrade")
    func downgradeIsRefused() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let path = try Self.databaseAtMigration4(cli, lines: Array(IngestLines.expenseFlow().prefix(2)))
        #expect(try cli.ingest(Array(IngestLines.expenseFlow().suffix(2)), database: path).status == 0)

        // Position 4 forged: another time, chain_version 1, and a rule-1 chain that links to position 3.
        let queue = try DatabaseQueue(path: path)
        let (previous, row) = try queue.read { db in
            (try Data.fetchOne(db, sql: "SELECT chain FROM events WHERE position = 3")!,
             try Row.fetchOne(db, sql: "SELECT event_id, stream, version, type, payload FROM events WHERE position = 4")!)
        }
        try queue.close()
        let forged = IntegrityChain.linkV1(previous: [UInt8](previous), position: 4, eventID: row["event_id"], stream: row["stream"],
                                           version: row["version"], type: row["type"], payload: row["payload"])
        try CLIChainCoverageTests.tamper(path, [
            "UPDATE events SET occurred_at = 0, chain_version = 1, chain = x'\(forged.map { String(format: "%02x", $0) }.joined())' WHERE position = 4",
        ])

        let run = try cli.run(["verify"], database: path)
        #expect(run.status == 1)
        #expect(run.stderr == "sheetlog: verify failed: chain: the integrity chain breaks at position 4: chained under rule 1 after position 3 was chained under rule 2\n")
    }
}
