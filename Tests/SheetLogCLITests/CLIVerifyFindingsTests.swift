import Foundation
import GRDB
import SheetLog
import Testing

/// What `sheetlog verify` must find beyond the chain: a log SheetLog would never write, even when
/// whoever edited it recomputed every chain value, and a log no longer protected by its triggers.
@Suite("sheetlog verify: structure and protection")
struct CLIVerifyFindingsTests {
    /// Recomputes the chain value (rule 2) of every event from `position` on, as a forger who edited
    /// an earlier column would, so that only the structural checks can tell.
    static func rechain(_ db: Database, from position: Int64) throws {
        let stored = try Data.fetchOne(db, sql: "SELECT chain FROM events WHERE position = ?", arguments: [position - 1])
        var previous = stored.map { [UInt8]($0) } ?? IntegrityChain.genesis
        for row in try Row.fetchAll(db, sql: "SELECT * FROM events WHERE position >= ? ORDER BY position", arguments: [position]) {
            let at: Int64 = row["position"]
            previous = IntegrityChain.linkV2(
                previous: previous, position: at, eventID: row["event_id"], stream: row["stream"],
                version: row["version"], type: row["type"], schemaVersion: row["schema_version"], payload: row["payload"],
                metadata: row["metadata"], occurredAt: row["occurred_at"], recordedAt: row["recorded_at"])
            try db.execute(sql: "UPDATE events SET chain = ? WHERE position = ?", arguments: [Data(previous), at])
        }
    }

    @Test("versions that do not follow positions are found, even with the chain recomputed")
    func versionsOutOfPositionOrder() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.ingest(IngestLines.expenseFlow())
        let queue = try DatabaseQueue(path: cli.database)
        try queue.write { db in
            try db.execute(sql: "DROP TRIGGER events_refuse_update")
            // The edit (position 2) and the swipe (position 3) trade versions: replay, which reads a
            // session in version order, would show the swipe before the edit.
            try db.execute(sql: "UPDATE events SET version = 100 WHERE position = 2")
            try db.execute(sql: "UPDATE events SET version = 2 WHERE position = 3")
            try db.execute(sql: "UPDATE events SET version = 3 WHERE position = 2")
            try Self.rechain(db, from: 2)
        }
        try queue.close()

        let checks = try CLIChainCoverageTests.checks(cli)
        #expect(checks["chain"]?["passed"] as? Bool == true)
        #expect(checks["versions"]?["passed"] as? Bool == false)
        #expect(checks["versions"]?["detail"] as? String
            == "session s1 has version 3 at position 2, after version 1 at position 1: versions must be 1, 2, 3 … in position order")
    }

    @Test("a version gap is named with the positions around it")
    func versionGap() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.ingest(IngestLines.expenseFlow())
        let queue = try DatabaseQueue(path: cli.database)
        try queue.write { db in
            try db.execute(sql: "DROP TRIGGER events_refuse_update")
            try db.execute(sql: "UPDATE events SET version = 5 WHERE position = 4")
            try Self.rechain(db, from: 4)
        }
        try queue.close()
        let checks = try CLIChainCoverageTests.checks(cli)
        #expect(checks["versions"]?["detail"] as? String
            == "session s1 has version 5 at position 4, after version 3 at position 3: versions must be 1, 2, 3 … in position order")
    }

    @Test("dropped or rewritten append-only triggers make the log unhealthy, with no event changed", arguments: [
        ["DROP TRIGGER events_refuse_update"],
        ["DROP TRIGGER events_refuse_delete"],
        ["DROP TRIGGER events_refuse_delete", "CREATE TRIGGER events_refuse_delete BEFORE DELETE ON events BEGIN SELECT 1; END"],
        ["DROP TRIGGER command_receipts_refuse_delete"],
    ])
    func appendOnlyTriggers(statements: [String]) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.ingest(IngestLines.expenseFlow())
        let queue = try DatabaseQueue(path: cli.database)
        try queue.write { db in
            for statement in statements { try db.execute(sql: statement) }
        }
        try queue.close()
        let run = try cli.run(["verify"])
        #expect(run.status == 1, "\(statements)")
        let name = statements[0].replacingOccurrences(of: "DROP TRIGGER ", with: "")
        let consequence = name.hasPrefix("events")
            ? "migration 0001 created it: events can be changed or deleted in place"
            : "migration 0005 created it: command receipts can be deleted, and a resent command would be decided anew"
        #expect(run.stderr == "sheetlog: verify failed: append-only: trigger \(name) is missing or not as \(consequence)\n")
    }
}
