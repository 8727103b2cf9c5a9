import Foundation
import GRDB
import SheetLogCore
import Testing

/// `sheetlog prune` (issue 37): what goes, what is carried, what every reader and writer then says of it.
@Suite("sheetlog prune")
struct CLIPruneTests {
    /// s1 (positions 1–4) is finished (its draft discarded); s2 (5–7) has a dirty sheet on screen
    /// whose swipe raised a discard confirmation; s3 (8–11) is finished after it.
    private func prunedDatabase() throws -> CLIHarness {
        let cli = try CLIHarness()
        let lines = IngestLines.expenseFlow("s1", prefix: "a")
            + [IngestLines.present("s2", id: "b-1"), IngestLines.edit("s2", id: "b-2"), IngestLines.swipe("s2", id: "b-3")]
            + IngestLines.expenseFlow("s3", prefix: "c")
        let ingest = try cli.ingest(lines)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        return cli
    }

    /// ``prunedDatabase()`` pruned through its end (s2 carried), then s2 answered (12) and s4 (13–16) recorded.
    private func prunedWithKeptSession() throws -> CLIHarness {
        let cli = try prunedDatabase()
        #expect(try cli.run(["prune", "--before", "2100-01-01"]).status == 0)
        let ingest = try cli.ingest([IngestLines.confirmDiscard("s2", id: "b-4")] + IngestLines.expenseFlow("s4", prefix: "d"))
        #expect(ingest.status == 0, "\(ingest.stderr)")
        return cli
    }

    @Test("removes the prefix: finished sessions whole, the open one carried; says what stopped it")
    func reportsTheCut() throws {
        let cli = try prunedDatabase()
        defer { cli.remove() }
        let run = try cli.run(["prune", "--before", "2100-01-01", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try CLIHarness.json(run.stdout) as? [String: Any])
        #expect(report["removedEvents"] as? Int == 11)
        #expect(report["removedSessions"] as? Int == 2)
        #expect(report["carriedSessions"] as? Int == 1)
        #expect(report["cutPosition"] as? Int == 11)
        #expect(report["firstKeptPosition"] as? Int == 12)
        #expect(report["stoppedBy"] as? String == "nothing is left to remove")
        let verify = try cli.run(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        // The carried draft is still offered, with its value.
        let recover = try cli.run(["recover", "--json"])
        #expect(recover.stdout.contains("\"s2\"") && recover.stdout.contains("47.50"), "\(recover.stdout)")
        // Its pending confirmation is answered after the cut: the dismissal row is resolved.
        let discard = try cli.ingest([IngestLines.confirmDiscard("s2", id: "b-4")])
        #expect(discard.status == 0, "\(discard.stderr)")
        let audit = try #require(try CLIHarness.json(try cli.run(["audit", "--json"]).stdout) as? [[String: Any]])
        #expect(audit.count == 1 && audit.first?["session"] as? String == "s2", "\(audit)")
        #expect(audit.first?["resolution"] as? String == "discarded", "\(audit)")
        #expect(try cli.run(["recover", "--json"]).stdout.contains("\"s2\"") == false)
        #expect(try cli.run(["verify"]).status == 0)
    }

    @Test("stats (text and JSON) and audit's text say where the kept log begins")
    func statsAndAuditSayWhereTheKeptLogBegins() throws {
        let cli = try prunedDatabase()
        defer { cli.remove() }
        #expect(!(try cli.run(["stats"]).stdout.contains("kept log begins")))
        #expect(try cli.run(["prune", "--before", "2100-01-01"]).status == 0)
        let stats = try cli.run(["stats"]).stdout
        #expect(stats.contains("kept log begins at position") && stats.contains(" 12\n"), "\(stats)")
        #expect(stats.contains("events pruned in all"), "\(stats)")
        let json = try #require(try CLIHarness.json(try cli.run(["stats", "--json"]).stdout) as? [String: Any])
        #expect(json["keptLogBegins"] as? Int == 12 && json["prunedEvents"] as? Int == 11, "\(json)")
        let audit = try cli.run(["audit"]).stdout
        #expect(audit.contains("11 events in all): the kept log begins at position 12."), "\(audit)")
    }

    @Test("audit of the kept sessions is unchanged by the prune")
    func auditOfKeptSessionsIsUnchanged() throws {
        let cli = try prunedDatabase()
        defer { cli.remove() }
        let before = try cli.run(["audit", "--json"]).stdout
        // s2's dismissal row stays with its carried session; s1's and s3's go with them.
        let kept = try #require(try CLIHarness.json(before) as? [[String: Any]]).filter { $0["session"] as? String == "s2" }
        #expect(!kept.isEmpty)
        #expect(try cli.run(["prune", "--before", "2100-01-01"]).status == 0)
        let after = try #require(try CLIHarness.json(try cli.run(["audit", "--json"]).stdout) as? [[String: Any]])
        #expect((after as NSArray) == (kept as NSArray))
    }

    @Test("verify fails when the base is edited or its guard dropped", arguments: [
        (["DROP TRIGGER log_bases_refuse_update", "UPDATE log_bases SET chain = zeroblob(32)"], "chain"),
        (["DROP TRIGGER log_bases_refuse_delete"], "append-only"),
        (["DROP TRIGGER pruned_sessions_refuse_delete"], "append-only"),
        (["DROP TRIGGER base_sessions_refuse_update"], "append-only"),
        (["DROP TRIGGER base_sessions_refuse_delete"], "append-only"),
        (["DROP TRIGGER base_sessions_refuse_stale_insert"], "append-only"),
        (["DROP TRIGGER base_sessions_refuse_update", #"UPDATE base_sessions SET snapshot = replace(snapshot, '"47.50"', '"47.51"')"#], "projections"),
        (["DROP TRIGGER base_sessions_refuse_update", "UPDATE base_sessions SET version = 2"], "versions"),
        (["DROP TRIGGER base_sessions_refuse_update", "UPDATE base_sessions SET cut_position = 3"], "versions"),
        (["DROP TRIGGER base_sessions_refuse_delete", "DELETE FROM base_sessions"], "projections"),
    ])
    func verifyChecksTheBase(statements: [String], check: String) async throws {
        let cli = try prunedWithKeptSession()
        defer { cli.remove() }
        try await DatabaseQueue(path: cli.database).write { db in for sql in statements { try db.execute(sql: sql) } }
        let verify = try cli.run(["verify", "--json"])
        #expect(verify.status == 1, "\(verify.stdout)")
        let checks = try #require((try CLIHarness.json(verify.stdout) as? [String: Any])?["checks"] as? [[String: Any]])
        #expect(checks.first { $0["name"] as? String == check }?["passed"] as? Bool == false, "\(verify.stdout)")
    }

    /// No kept event follows s2's carried state, so no event's version checks the carried one: the
    /// state's own version must (an adversary's edit, guards restored, passed verify before).
    @Test("verify sees a carried version edited where no kept event follows it, its guard restored")
    func verifyChecksACarriedVersionWithoutKeptEvents() async throws {
        let cli = try prunedDatabase()
        defer { cli.remove() }
        #expect(try cli.run(["prune", "--before", "2100-01-01"]).status == 0)
        #expect(try cli.run(["verify"]).status == 0, "the control: the pruned file verifies")
        try await DatabaseQueue(path: cli.database).write { db in
            let guardSQL = try #require(try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'base_sessions_refuse_update'"))
            try db.execute(sql: "DROP TRIGGER base_sessions_refuse_update")
            try db.execute(sql: "UPDATE base_sessions SET version = 2 WHERE session = 's2'")
            try db.execute(sql: guardSQL)
        }
        let verify = try cli.run(["verify", "--json"])
        #expect(verify.status == 1, "\(verify.stdout)")
        let checks = try #require((try CLIHarness.json(verify.stdout) as? [String: Any])?["checks"] as? [[String: Any]])
        let versions = checks.first { $0["name"] as? String == "versions" }
        #expect(versions?["passed"] as? Bool == false && (versions?["detail"] as? String)?.contains("s2") == true, "\(verify.stdout)")
    }

    @Test("a sealed file is pruned only with its key, as every writer")
    func aSealedFileNeedsItsKey() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("master.key").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        #expect(try cli.run(["--key-file", key, "ingest", "-"], input: Data((IngestLines.expenseFlow().joined(separator: "\n") + "\n").utf8)).status == 0)
        let without = try cli.run(["prune", "--before", "2100-01-01"])
        #expect(without.status == 1)
        #expect(without.stderr.contains("master key"), "\(without.stderr)")
        let with = try cli.run(["--key-file", key, "prune", "--before", "2100-01-01", "--json"])
        #expect(with.status == 0, "\(with.stderr)")
        #expect((try CLIHarness.json(with.stdout) as? [String: Any])?["removedEvents"] as? Int == 4)
    }

    @Test("before the time given, nothing goes")
    func theTimeStopsTheCut() throws {
        let cli = try prunedDatabase()
        defer { cli.remove() }
        let run = try cli.run(["prune", "--before", "2000-01-01"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Removed 0 events; 0 sessions were removed whole"), "\(run.stdout)")
        #expect(run.stdout.contains("Stopped by: the event at position 1 was recorded at or after the prune's time."))
    }

    @Test("a pruned session is refused by its readers, naming the pruning (exit 1)", arguments: [
        ["replay", "s1"], ["state", "s1"], ["export", "--session", "s1"], ["audit", "--session", "s1"],
    ])
    func readersRefuse(arguments: [String]) throws {
        let cli = try prunedWithKeptSession()
        defer { cli.remove() }
        let run = try cli.run(arguments)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("sheetlog: session s1 was pruned on "), "\(run.stderr)")
        #expect(run.stderr.contains("; the kept log begins at position 12"), "\(run.stderr)")
        // A kept session reads as before.
        #expect(try cli.run(arguments.map { $0 == "s1" ? "s4" : $0 }).status == 0)
    }

    @Test("replay of a carried session starts from the carried state and says so; before it, refused naming the pruning (exit 1)")
    func replayOfACarriedSession() throws {
        let cli = try prunedWithKeptSession()
        defer { cli.remove() }
        let replay = try cli.run(["replay", "s2"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.hasPrefix("begins from the state carried by the prune of "), "\(replay.stdout)")
        #expect(replay.stdout.contains("versions 1–3 were pruned\n    stack: p1 [dirty, locked, confirmation pending, offers Save]\n    p1: amount=\"47.50\"\n"), "\(replay.stdout)")
        #expect(replay.stdout.contains("\nv4  @12  "), "\(replay.stdout)")
        let json = try #require(try CLIHarness.json(try cli.run(["replay", "s2", "--json"]).stdout) as? [[String: Any]])
        let base = try #require(json.first?["base"] as? [String: Any])
        #expect(json.count == 1 && base["version"] as? Int == 3 && json.first?["version"] as? Int == 4, "\(json)")
        #expect((base["state"] as? [String: Any])?["version"] as? Int == 3, "\(base)")
        // `state` at the first kept version has the carried state before it; at the carried version or before, it is gone.
        #expect(try cli.run(["state", "s2", "--at", "4"]).status == 0)
        for arguments in [["replay", "s2", "--at", "2"], ["state", "s2", "--at", "3"], ["replay", "s2", "--at", "2026-01-01T08:00:00Z"],
                          ["export", "--session", "s2"]] {
            let refused = try cli.run(arguments)
            #expect(refused.status == 1, "\(arguments): \(refused.stdout)")
            #expect(refused.stderr.contains("session s2 was pruned through version 3 on "), "\(arguments): \(refused.stderr)")
        }
    }

    @Test("a command on a pruned session, and a resend of one of its commands, are refused and store nothing")
    func writersRefuse() throws {
        let cli = try prunedWithKeptSession()
        defer { cli.remove() }
        for line in [IngestLines.present("s1", id: "new-1"), IngestLines.present("s1", id: "a-1")] {
            let run = try cli.ingest([line])
            #expect(run.status == 1, "\(run.stdout)")
            #expect(run.stderr.contains("session s1 was pruned on"), "\(run.stderr)")
        }
        let events = try DatabaseQueue(path: cli.database).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM events WHERE stream = 's1'") }
        #expect(events == 0)
        // A kept event cannot be deleted from outside.
        #expect(throws: DatabaseError.self) {
            try DatabaseQueue(path: cli.database).write { db in try db.execute(sql: "DELETE FROM events WHERE position = 13") }
        }
    }

    @Test("a resend of a removed command of a carried session is refused and changes nothing; a later command goes on")
    func aResendAcrossTheCutIsRefused() throws {
        let cli = try prunedDatabase()
        defer { cli.remove() }
        #expect(try cli.run(["prune", "--before", "2100-01-01"]).status == 0)
        let rows = try contents(cli)
        // b-2 (s2's edit) was removed with its events: its id is unknown to the kept log.
        for line in [IngestLines.edit("s2", id: "b-2"), IngestLines.edit("s2", id: "b-2", value: "99")] {
            let resend = try cli.ingest([line])
            #expect(resend.status == 1, "\(resend.stdout)")
            #expect(resend.stderr.contains("session s2 was pruned through version 3 on "), "\(resend.stderr)")
            #expect(resend.stderr.contains("may be the resend of a command the prune removed"), "\(resend.stderr)")
            #expect(!resend.stderr.contains("47.50") && !resend.stderr.contains("99"), "no value in an error: \(resend.stderr)")
        }
        #expect(try contents(cli) == rows)
        let answer = try cli.ingest([IngestLines.confirmDiscard("s2", id: "b-4")])
        #expect(answer.status == 0, "\(answer.stderr)")
        #expect(try cli.run(["verify"]).status == 0)
    }

    /// Every row of the log, its bases and its pruned sessions, as text.
    private func contents(_ cli: CLIHarness) throws -> [String] {
        try DatabaseQueue(path: cli.database).read { db in
            try ["events", "log_bases", "pruned_sessions", "base_sessions", "command_receipts", "sessions"].flatMap { table in
                try Row.fetchAll(db, sql: "SELECT * FROM \(table)").map { "\(table) \($0)" }
            }
        }
    }

    /// Byte for byte is shown in process (RetentionTests): each writing run of the CLI moves the
    /// schema cookie when it opens the file, pruned or not.
    @Test("a second prune at the same time removes nothing and writes no row")
    func aSecondPruneChangesNothing() throws {
        let cli = try prunedDatabase()
        defer { cli.remove() }
        #expect(try cli.run(["prune", "--before", "2100-01-01"]).status == 0)
        let rows = try contents(cli)
        let again = try cli.run(["prune", "--before", "2100-01-01"])
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("Removed 0 events"), "\(again.stdout)")
        #expect(try contents(cli) == rows)
    }

    @Test("--before and --keep-days: exactly one, well formed (exit 2)", arguments: [
        ["prune"], ["prune", "--before", "yesterday"], ["prune", "--before", "2026-01-01", "--keep-days", "3"], ["prune", "--keep-days", "-1"],
    ])
    func badArguments(arguments: [String]) throws {
        let cli = try prunedDatabase()
        defer { cli.remove() }
        #expect(try cli.run(arguments).status == 2)
    }

    @Test("a negative --keep-days is told its range, not taken for a missing value")
    func negativeKeepDaysIsToldItsRange() throws {
        let cli = try prunedDatabase()
        defer { cli.remove() }
        let run = try cli.run(["prune", "--keep-days", "-1"])
        #expect(run.status == 2 && run.stderr.contains("--keep-days must be a number of days from 0 to 100000"), "\(run.stderr)")
    }

    @Test("a prune while another process runs ingest --each on the same file loses nothing")
    func pruneDuringAnIngestInAnotherProcess() async throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let sessions = 150
        let lines = (1...sessions).flatMap { IngestLines.expenseFlow("s\($0)", prefix: "s\($0)") }
        #expect(try cli.ingest(Array(lines.prefix(4))).status == 0)
        // The rest in a child process, while this one prunes until the child is done.
        let done = LockedBox(false)
        let child = Task.detached {
            defer { done.withLock { $0 = true } }
            return try cli.runBinary(["ingest", "--each", "-"], input: Data((lines.dropFirst(4).joined(separator: "\n") + "\n").utf8))
        }
        var prunes = 0
        var removedWhileRunning: Int64 = 0
        while !done.withLock({ $0 }) {
            let run = try cli.run(["prune", "--before", "2100-01-01", "--json"])
            #expect(run.status == 0, "\(run.stderr)")
            removedWhileRunning += ((try CLIHarness.json(run.stdout) as? [String: Any])?["removedEvents"] as? Int).map(Int64.init) ?? 0
            prunes += 1
        }
        let ingest = try await child.value
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(removedWhileRunning > 0, "no prune overlapped the ingest (\(prunes) prunes)")
        #expect(try cli.run(["prune", "--before", "2100-01-01"]).status == 0)
        // Every line's event is either kept or counted in a base; every session is either.
        let (kept, removed, pruned) = try await DatabaseQueue(path: cli.database).read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM events") ?? -1,
             try Int.fetchOne(db, sql: "SELECT COALESCE(sum(removed_events), 0) FROM log_bases") ?? -1,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM pruned_sessions") ?? -1)
        }
        #expect(kept + removed == lines.count)
        #expect(pruned == sessions)
        let verify = try cli.run(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)")
    }
}
