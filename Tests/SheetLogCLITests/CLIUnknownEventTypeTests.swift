import Foundation
import GRDB
import SheetLogSQLite
import Testing

/// An event of a type this build does not know, written with a valid chain by other software (SheetLog's
/// store without the sheet projection): every command that has to interpret it refuses, naming its
/// position, stream and type; the commands that read the projection tables answer from them.
@Suite("sheetlog and an event type it does not know")
struct CLIUnknownEventTypeTests {
    /// What every refusing command says.
    static let refusal = "unknown event type analytics.tap at position 7 in stream s1"

    /// s1: a sheet with a dirty draft (positions 1–2), then the foreign event (7); s2: the expense flow (3–6).
    static func databaseWithForeignEvent() async throws -> CLIHarness {
        let cli = try CLIHarness()
        try cli.ingest([IngestLines.present("s1", id: "a-1"), IngestLines.edit("s1", id: "a-2")])
        try cli.ingest(IngestLines.expenseFlow("s2", prefix: "b"))
        let other = try SQLiteEventStore(path: cli.database)
        let appended = try await other.append(
            [EventData(eventID: "tap-1", type: "analytics.tap", payload: #"{"button":"help"}"#, occurredAt: 1_767_258_005_000)],
            to: "s1", expecting: .exact(2))
        try other.writer.close()
        #expect(appended.events.map(\.position) == [7])
        return cli
    }

    @Test func rebuildRefusesAndLeavesTheProjectionsAsTheyWere() async throws {
        let cli = try await Self.databaseWithForeignEvent()
        defer { cli.remove() }
        let before = try StoredLog(path: cli.database).projections()
        let run = try cli.run(["rebuild"])
        #expect(run.status == 1)
        #expect(run.stderr == "sheetlog: \(Self.refusal)\n")
        #expect(try StoredLog(path: cli.database).projections() == before)
    }

    @Test func verifyReportsItAsAFinding() async throws {
        let cli = try await Self.databaseWithForeignEvent()
        defer { cli.remove() }
        let run = try cli.run(["verify"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("NOT healthy"))
        #expect(run.stderr == "sheetlog: verify failed: decoding: \(Self.refusal)\n")
        let checks = try CLIChainCoverageTests.checks(cli)
        #expect(checks["chain"]?["passed"] as? Bool == true)
        #expect(checks["decoding"]?["detail"] as? String == Self.refusal)
        #expect(checks["projections"]?["passed"] as? Bool == false)
        #expect(checks["projections"]?["detail"] as? String == "no rebuild to compare with: \(Self.refusal)")
    }

    @Test func replayExportAndIngestRefuseItsSessionOnly() async throws {
        let cli = try await Self.databaseWithForeignEvent()
        defer { cli.remove() }
        for arguments in [["replay", "s1"], ["export"], ["export", "--session", "s1"]] {
            let run = try cli.run(arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr == "sheetlog: \(Self.refusal)\n", "\(arguments)")
        }
        let ingest = try cli.ingest([IngestLines.edit("s1", id: "a-3", value: "1.00")])
        #expect(ingest.status == 1)
        #expect(ingest.stderr == "sheetlog: line 1: \(Self.refusal)\n")
        #expect(try StoredLog(path: cli.database).eventCount() == 7)

        #expect(try cli.run(["replay", "s2"]).status == 0)
        #expect(try cli.run(["export", "--session", "s2"]).status == 0)
        let elsewhere = try cli.ingest([IngestLines.present("s2", id: "b-5", presentation: "p2")])
        #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
    }

    @Test func recoverListsTheDraftButRestoreAndDeclineRefuseIt() async throws {
        let cli = try await Self.databaseWithForeignEvent()
        defer { cli.remove() }
        let list = try cli.run(["recover"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("s1       p1"))
        for arguments in [["recover", "restore", "s1", "p1", "--into", "s3"], ["recover", "decline", "s1", "p1"]] {
            let run = try cli.run(arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr == "sheetlog: \(Self.refusal)\n", "\(arguments)")
        }
        #expect(try StoredLog(path: cli.database).eventCount() == 7)
    }

    @Test func auditAndStatsAnswerFromTheProjections() async throws {
        let cli = try await Self.databaseWithForeignEvent()
        defer { cli.remove() }
        let audit = try cli.run(["audit", "--json"])
        #expect(audit.status == 0)
        #expect((try CLIHarness.json(audit.stdout) as? [[String: Any]])?.map { $0["session"] as? String } == ["s2"])
        let stats = try cli.run(["stats", "--json"])
        #expect(stats.status == 0)
        let byType = (try CLIHarness.json(stats.stdout) as? [String: Any])?["eventsByType"] as? [String: Int]
        #expect(byType?["analytics.tap"] == 1)
    }
}
