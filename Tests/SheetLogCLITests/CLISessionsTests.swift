import Foundation
import Testing

/// `sheetlog sessions`: the list a support engineer starts from, its filters and its three views.
@Suite("sheetlog sessions")
struct CLISessionsTests {
    static let demoSessions = ["demo-expense", "demo-cancel", "demo-friend", "demo-editor", "demo-stack", "demo-crash"]

    private func demoDatabase() throws -> CLIHarness {
        let cli = try CLIHarness()
        let demo = try cli.run(["demo", "--plain"])
        #expect(demo.status == 0, "\(demo.stderr)")
        return cli
    }

    /// The sessions `sessions --json` lists with `filters`.
    private func names(_ cli: CLIHarness, _ filters: [String]) throws -> [String] {
        let run = try cli.run(["sessions", "--json"] + filters)
        #expect(run.status == 0, "\(filters): \(run.stderr)")
        let sessions = try #require(try CLIHarness.json(run.stdout) as? [[String: Any]])
        return sessions.compactMap { $0["session"] as? String }
    }

    @Test func listsEverySessionWithItsTimesRoutesAndCounts() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        let run = try cli.run(["sessions", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let sessions = try #require(try CLIHarness.json(run.stdout) as? [[String: Any]])
        #expect(sessions.compactMap { $0["session"] as? String } == Self.demoSessions)
        let expense = try #require(sessions.first)
        #expect(Set(expense.keys) == ["session", "events", "firstAt", "lastAt", "routes", "presentations", "openDrafts", "blocked", "discarded"])
        #expect(expense["events"] as? Int == 6)
        #expect(expense["firstAt"] as? String == "2026-01-01T09:00:00.000Z")
        #expect(expense["lastAt"] as? String == "2026-01-01T09:00:05.000Z")
        #expect(expense["routes"] as? [String] == ["newExpense"])
        #expect(expense["blocked"] as? Int == 1)
        #expect(expense["discarded"] as? Int == 1)
        let stack = try #require(sessions.first { $0["session"] as? String == "demo-stack" })
        #expect(stack["routes"] as? [String] == ["editItem", "itemList", "share"])
        #expect(stack["presentations"] as? Int == 3)
        let crash = try #require(sessions.first { $0["session"] as? String == "demo-crash" })
        #expect(crash["openDrafts"] as? Int == 1)

        let table = try cli.run(["sessions"])
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("SESSION       EVENTS  FIRSTAT                   LASTAT                    ROUTES") == true, "\(table.stdout)")
        #expect(lines.count == 7)
        #expect(lines.contains { $0.hasPrefix("demo-stack    8       2026-01-01T09:20:00.000Z") && $0.contains("editItem, itemList, share") })

        let csv = try cli.run(["sessions", "--csv"])
        #expect(csv.stdout.hasPrefix("session,events,firstAt,lastAt,routes,presentations,openDrafts,blocked,discarded\r\n"))
        #expect(csv.stdout.contains("demo-expense,6,2026-01-01T09:00:00.000Z,2026-01-01T09:00:05.000Z,newExpense,1,0,1,1\r\n"))
        #expect(csv.stdout.contains(",editItem;itemList;share,"))
    }

    @Test func findsTheSessionActiveAtAMoment() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        #expect(try names(cli, ["--active-at", "2026-01-01T09:20:03Z"]) == ["demo-stack"])
        // Both ends of a session count: its first and its last event.
        #expect(try names(cli, ["--active-at", "2026-01-01T09:00:00.000Z"]) == ["demo-expense"])
        #expect(try names(cli, ["--active-at", "2026-01-01T10:00:05+01:00"]) == ["demo-expense"])
        // Between two sessions, none; a date is the whole day.
        #expect(try names(cli, ["--active-at", "2026-01-01T09:04:00Z"]) == [])
        #expect(try names(cli, ["--active-at", "2026-01-01"]) == Self.demoSessions)
        #expect(try names(cli, ["--active-at", "2026-01-02"]) == [])
        let none = try cli.run(["sessions", "--active-at", "2026-01-01T09:04:00Z"])
        #expect(none.status == 0)
        #expect(none.stdout == "no sessions match\n")
    }

    @Test func filtersBySinceUntilRouteAndOpenDraft() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        #expect(try names(cli, ["--since", "2026-01-01T09:20:05Z"]) == ["demo-stack", "demo-crash"])
        // --until excludes its moment: demo-friend starts at 09:10:00.000.
        #expect(try names(cli, ["--until", "2026-01-01T09:10:00Z"]) == ["demo-expense", "demo-cancel"])
        #expect(try names(cli, ["--since", "2026-01-01T09:04:00Z", "--until", "2026-01-01T09:16:00Z"]) == ["demo-cancel", "demo-friend", "demo-editor"])
        #expect(try names(cli, ["--route", "newExpense"]) == ["demo-expense", "demo-cancel", "demo-crash"])
        #expect(try names(cli, ["--route", "nothing"]) == [])
        #expect(try names(cli, ["--has-draft"]) == ["demo-crash"])
        #expect(try names(cli, ["--has-draft", "--route", "share"]) == [])
    }

    @Test func filtersBySubjectInASealedLog() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("sessions.key").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        let lines = """
            {"session":"s1","subject":"user-7","type":"present","presentation":"p1","route":{"name":"newExpense"},"at":"2026-01-01T09:00:00Z"}
            {"session":"s2","subject":"user-8","type":"present","presentation":"q1","route":{"name":"newFriend"},"at":"2026-01-01T09:01:00Z"}
            {"session":"s3","subject":"user-7","type":"present","presentation":"r1","route":{"name":"newExpense"},"at":"2026-01-01T09:02:00Z"}

            """
        let ingest = try cli.run(["--key-file", key, "ingest", "-"], input: Data(lines.utf8))
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(try names(cli, ["--subject", "user-7"]) == ["s1", "s3"])
        #expect(try names(cli, ["--subject", "user-8", "--route", "newFriend"]) == ["s2"])
        #expect(try names(cli, ["--subject", "user-9"]) == [])
        #expect(try names(cli, []) == ["s1", "s2", "s3"])
    }

    @Test("bad options are usage errors (exit 2) that name the option", arguments: [
        (["--active-at", "yesterday"], "--active-at must be an ISO-8601 time"),
        (["--since", "2026-13-01"], "--since must be an ISO-8601 time"),
        (["--since", "2026-01-02", "--until", "2026-01-01"], "--until must be later than --since"),
        (["--json", "--csv"], "--json and --csv cannot be used together"),
    ])
    func refusesBadOptions(arguments: [String], message: String) throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        let run = try cli.run(["sessions"] + arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout == "")
    }
}
