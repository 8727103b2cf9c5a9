import Foundation
import Testing

/// `sheetlog state`: one step of a session, the element `replay --json` has for that version.
@Suite("sheetlog state")
struct CLIStateTests {
    private func demoDatabase() throws -> CLIHarness {
        let cli = try CLIHarness()
        let demo = try cli.run(["demo", "--plain"])
        #expect(demo.status == 0, "\(demo.stderr)")
        return cli
    }

    @Test(arguments: ["demo-expense", "demo-stack", "demo-crash"])
    func eachVersionIsTheReplaysElementForIt(session: String) throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        let replay = try #require(try CLIHarness.json(try cli.run(["replay", session, "--json"]).stdout) as? [NSDictionary])
        for (index, element) in replay.enumerated() {
            let run = try cli.run(["state", session, "--at", String(index + 1), "--json"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try CLIHarness.json(run.stdout) as? NSDictionary == element, "\(session) v\(index + 1)")
        }
        // Without --at, the last version.
        #expect(try CLIHarness.json(try cli.run(["state", session, "--json"]).stdout) as? NSDictionary == replay.last)
    }

    @Test func theTextIsTheReplaysBlockForThatVersion() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        let replay = try cli.run(["replay", "demo-expense"]).stdout
        let state = try cli.run(["state", "demo-expense", "--at", "2"])
        #expect(state.status == 0)
        #expect(state.stdout == "v2  @2  2026-01-01T09:00:01.000Z  edit expense.amount\n    stack: expense [dirty, locked]\n    expense: amount=\"47.50\"\n")
        #expect(replay.contains(state.stdout))
    }

    @Test func aTimeIsTheStateAsItWasThen() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        let run = try cli.run(["state", "demo-expense", "--at", "2026-01-01T09:00:04.999Z", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let step = try #require(try CLIHarness.json(run.stdout) as? [String: Any])
        #expect(step["version"] as? Int == 5)
        #expect(step["type"] as? String == "attemptDismiss")
    }

    @Test("refusals: unknown session and past the end exit 1, bad --at exit 2", arguments: [
        (["state", "nobody"], Int32(1), "sheetlog: no session nobody\n"),
        (["state", "demo-expense", "--at", "7"], 1, "sheetlog: session demo-expense has 6 versions; --at 7 is past its end\n"),
        (["state", "demo-expense", "--at", "2026-01-01T08:00:00Z"], 1,
         "sheetlog: session demo-expense has no event at or before 2026-01-01T08:00:00.000Z (its first is at 2026-01-01T09:00:00.000Z)\n"),
    ])
    func refusals(arguments: [String], status: Int32, stderr: String) throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        let run = try cli.run(arguments)
        #expect(run.status == status)
        #expect(run.stderr == stderr)
        #expect(run.stdout.isEmpty)
        for bad in ["0", "-1", "soon"] {
            let usage = try cli.run(["state", "demo-expense", "--at", bad])
            #expect(usage.status == 2, "\(bad)")
            #expect(usage.stderr.contains("--at must be a version of 1 or more or an ISO-8601 time"))
        }
    }

    @Test func aSealedSessionIsOpenedWithItsKeyAndWithheldWithout() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("state.key").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        let lines = """
            {"session":"s1","subject":"user-7","type":"present","presentation":"p1","route":{"name":"newExpense"}}
            {"session":"s1","type":"edit","field":"amount","value":"mk-state-51"}

            """
        #expect(try cli.run(["--key-file", key, "ingest", "-"], input: Data(lines.utf8)).status == 0)
        let opened = try cli.run(["--key-file", key, "state", "s1", "--json"])
        #expect(opened.stdout.contains("\"amount\" : \"mk-state-51\""), "\(opened.stdout)")
        let closed = try cli.run(["state", "s1", "--json"])
        #expect(closed.status == 0, "\(closed.stderr)")
        #expect(!closed.stdout.contains("mk-state-51"))
        #expect(closed.stdout.contains("\"withheld\" : true"))
    }
}
