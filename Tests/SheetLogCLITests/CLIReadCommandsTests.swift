import Foundation
import Testing

/// replay, audit, recover, stats, rebuild: human and JSON views over a database the demo filled.
@Suite("sheetlog read commands")
struct CLIReadCommandsTests {
    /// A harness whose database holds the demo's flows.
    private func demoDatabase() throws -> CLIHarness {
        let cli = try CLIHarness()
        let demo = try cli.run(["demo", "--plain"])
        #expect(demo.status == 0, "\(demo.stderr)")
        return cli
    }

    @Test func replayShowsEachEventWithStackAndValues() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        let run = try cli.run(["replay", "demo-expense"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("v2  @2  2026-01-01T09:00:01.000Z  edit expense.amount\n    stack: expense [dirty, locked]\n    expense: amount=\"47.50\"\n"))
        #expect(run.stdout.contains("stack: expense [dirty, locked, confirmation pending, offers Save]"))
        let partial = try cli.run(["replay", "demo-expense", "--at", "2"])
        #expect(partial.stdout.split(separator: "\n").filter { $0.hasPrefix("v") }.count == 2)
    }

    @Test func replayAsJSON() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        let run = try cli.run(["replay", "demo-expense", "--json"])
        let steps = try #require(try CLIHarness.json(run.stdout) as? [[String: Any]])
        #expect(steps.count == 6)
        #expect(Set(steps[0].keys) == ["position", "version", "type", "at", "event", "state"])
        #expect(steps[4]["type"] as? String == "attemptDismiss")
        #expect(steps[4]["at"] as? String == "2026-01-01T09:00:04.000Z")
        #expect((steps[4]["event"] as? [String: Any])?["outcome"] as? String == "blocked")
        let stack = try #require((steps[4]["state"] as? [String: Any])?["stack"] as? [[String: Any]])
        #expect(stack.first?["dirty"] as? Bool == true)
        #expect((stack.first?["values"] as? [String: String])?["amount"] == "47.50")
    }

    @Test func replayOfAnUnknownSessionFails() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        let run = try cli.run(["replay", "nobody"])
        #expect(run.status == 1)
        #expect(run.stderr == "sheetlog: no session nobody\n")
    }

    @Test func auditTableJSONAndCSV() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        let table = try cli.run(["audit"])
        #expect(table.stdout.hasPrefix("POSITION  SESSION "))
        #expect(table.stdout.split(separator: "\n").count == 5)
        let json = try #require(try CLIHarness.json(try cli.run(["audit", "--json"]).stdout) as? [[String: Any]])
        #expect(json.count == 4)
        #expect(Set(json[0].keys) == ["position", "session", "presentation", "route", "source", "outcome", "dirty", "changedFields", "resolution", "at"])
        #expect(json[0]["changedFields"] as? [String] == ["amount", "category", "notes"])
        #expect(json[0]["resolution"] as? String == "discarded")
        #expect(json[1]["resolution"] is NSNull)
        let csv = try cli.run(["audit", "--csv"]).stdout
        #expect(csv.hasPrefix("position,session,presentation,route,source,outcome,dirty,changedFields,resolution,at\r\n"))
        #expect(csv.contains("5,demo-expense,expense,newExpense,swipe,blocked,yes,amount;category;notes,discarded,2026-01-01T09:00:04.000Z\r\n"))
    }

    @Test func auditFilters() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        func positions(_ filters: [String]) throws -> [Int] {
            let json = try CLIHarness.json(try cli.run(["audit", "--json"] + filters).stdout) as? [[String: Any]]
            return (json ?? []).compactMap { $0["position"] as? Int }
        }
        #expect(try positions(["--session", "demo-stack"]) == [17, 18])
        #expect(try positions(["--route", "newExpense"]) == [5, 8])
        #expect(try positions(["--source", "swipe"]) == [5])
        #expect(try positions(["--outcome", "blocked"]) == [5, 18])
        #expect(try positions(["--resolution", "keptEditing"]) == [18])
        #expect(try positions(["--since", "2026-01-01T09:05:00.000Z", "--until", "2026-01-01T09:20:00.000Z"]) == [8])
        let bad = try cli.run(["audit", "--since", "yesterday"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--since must be an ISO-8601 time"))
    }

    @Test func recoverListsRestoresAndDeclines() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        let table = try cli.run(["recover"])
        #expect(table.stdout.contains("demo-crash  expense       newExpense  open"))
        let json = try #require(try CLIHarness.json(try cli.run(["recover", "--json"]).stdout) as? [[String: Any]])
        #expect(json.count == 1)
        #expect(Set(json[0].keys) == ["session", "presentation", "route", "values", "baseline", "changedFields", "reason", "lastEditAt"])
        #expect(json[0]["reason"] as? String == "open")
        #expect(json[0]["lastEditAt"] as? String == "2026-01-01T09:25:02.000Z")
        #expect((json[0]["values"] as? [String: String]) == ["amount": "12.80", "merchant": "Café Nord"])

        let restore = try cli.run(["recover", "restore", "demo-crash", "expense", "--into", "relaunch", "--json"])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(restore.stdout.split(separator: "\n").count == 2)
        // The restored sheet is on screen, dirty, in the new session: recoverable there if that one stops too.
        #expect(try cli.run(["recover"]).stdout.contains("relaunch  expense       newExpense  open"))
        let replay = try cli.run(["replay", "relaunch"]).stdout
        #expect(replay.contains(#"expense: amount="12.80" merchant="Café Nord""#))
        let again = try cli.run(["recover", "restore", "demo-crash", "expense", "--into", "relaunch2"])
        #expect(again.status == 1)
        #expect(again.stderr.hasPrefix("sheetlog: restoreDraft: "))

        let decline = try cli.run(["recover", "decline", "relaunch", "expense"])
        #expect(decline.status == 0, "\(decline.stderr)")
        #expect(decline.stdout.hasPrefix("declined relaunch/expense"))
        #expect(try cli.run(["recover", "--json"]).stdout == "[]\n")
    }

    @Test func statsInBothModes() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        let table = try cli.run(["stats"]).stdout
        // Each row is "<statistic>  <value>", aligned; compare the cells, not the padding.
        let rows = Dictionary(table.split(separator: "\n").dropFirst().map { line -> (String, String) in
            let cells = line.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
            return (cells.first ?? "", cells.last ?? "")
        }, uniquingKeysWith: { first, _ in first })
        #expect(rows["events"] == "23")
        #expect(rows["recoverable drafts"] == "1")
        #expect(rows["events of type present"] == "8")
        let json = try #require(try CLIHarness.json(try cli.run(["stats", "--json"]).stdout) as? [String: Any])
        #expect(json["events"] as? Int == 23)
        #expect(json["sessions"] as? Int == 6)
        #expect((json["eventsByType"] as? [String: Int])?["present"] == 8)
        #expect(json["openDrafts"] as? Int == 1)
        #expect((json["fileBytes"] as? Int ?? 0) > 0)
        #expect((json["bytesPerEvent"] as? Double ?? 0) > 0)
    }

    @Test func rebuildThenVerifyInBothModes() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        let before = try StoredLog(path: cli.database).projections()
        #expect(try cli.run(["rebuild"]).stdout.hasPrefix("rebuilt the projections"))
        #expect(try cli.run(["rebuild", "--json"]).stdout == "{\"rebuilt\":true}\n")
        #expect(try StoredLog(path: cli.database).projections() == before)
        let verify = try cli.run(["verify"])
        #expect(verify.status == 0)
        #expect(verify.stdout.hasSuffix("23 events in 6 sessions: healthy\n"))
        let json = try #require(try CLIHarness.json(try cli.run(["verify", "--json"]).stdout) as? [String: Any])
        #expect(json["healthy"] as? Bool == true)
        #expect((json["checks"] as? [[String: Any]])?.count ?? 0 >= 5)
    }
}

/// Support engineers and auditors read copies of users' databases: reading must not change them.
@Suite("sheetlog reading commands leave the file as it was")
struct CLIReadOnlyTests {
    @Test func readingCommandsLeaveTheDatabaseFileByteForByte() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run(["demo", "--plain"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.database))
        for arguments in [["replay", "demo-expense"], ["sessions"], ["sessions", "--csv"], ["state", "demo-expense", "--at", "3"], ["audit"], ["audit", "--csv"], ["recover"], ["recover", "--json"],
                          ["stats"], ["stats", "--json"], ["export"]] {
            let run = try cli.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: cli.database)) == before, "\(arguments) changed the file")
        }
    }

    @Test func aReadingCommandOnAMissingDatabaseSaysSoAndCreatesNothing() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.run(["audit"])
        #expect(run.status == 1)
        #expect(run.stderr == "sheetlog: no SheetLog database at \(cli.database)\n")
        #expect(!FileManager.default.fileExists(atPath: cli.database))
    }
}

/// `replay --at` takes a time as well as a version: the state as it was at that moment.
@Suite("sheetlog replay --at TIME")
struct CLIReplayAtTimeTests {
    private func versions(_ run: CLIHarness.Run) -> [Substring] {
        run.stdout.split(separator: "\n").filter { $0.hasPrefix("v") }.map { $0.prefix { $0 != " " } }
    }

    @Test func aTimeStopsAtTheLastEventAtOrBeforeIt() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run(["demo", "--plain"]).status == 0)
        // demo-expense: v1 at 09:00:00.000Z, one event a second.
        for (at, expected) in [("2026-01-01T09:00:02Z", 3), ("2026-01-01T09:00:02.999Z", 3), ("2026-01-01T10:00:00+01:00", 1),
                               ("2026-01-01T09:00:05.000Z", 6), ("2026-01-02T00:00:00Z", 6)] {
            let run = try cli.run(["replay", "demo-expense", "--at", at])
            #expect(run.status == 0, "\(at): \(run.stderr)")
            #expect(versions(run) == (1...expected).map { Substring("v\($0)") }, "\(at)")
        }
        let json = try cli.run(["replay", "demo-expense", "--at", "2026-01-01T09:00:04.5Z", "--json"])
        #expect((try CLIHarness.json(json.stdout) as? [[String: Any]])?.last?["version"] as? Int == 5)
    }

    @Test func aTimeBeforeTheFirstEventIsRefusedAsNotFound() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run(["demo", "--plain"]).status == 0)
        let run = try cli.run(["replay", "demo-expense", "--at", "2026-01-01T08:59:59.999Z"])
        #expect(run.status == 1)
        #expect(run.stderr == "sheetlog: session demo-expense has no event at or before 2026-01-01T08:59:59.999Z (its first is at 2026-01-01T09:00:00.000Z)\n")
        #expect(run.stdout.isEmpty)
        let unknown = try cli.run(["replay", "nobody", "--at", "2026-01-01T09:00:00Z"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "sheetlog: no session nobody\n")
        for text in ["yesterday", "2026-01-01", "1.5", "-3"] {
            let bad = try cli.run(["replay", "demo-expense", "--at", text])
            #expect(bad.status == 2, "\(text)")
            #expect(bad.stderr.contains("--at must be a version of 1 or more or an ISO-8601 time"), "\(text): \(bad.stderr)")
        }
    }
}
