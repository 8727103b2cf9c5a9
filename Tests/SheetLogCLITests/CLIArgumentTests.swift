import Foundation
import Testing

/// Arguments that name nothing, or nothing that exists, are refused instead of answered with an
/// empty output and exit 0.
@Suite("sheetlog refuses arguments that name nothing")
struct CLIArgumentTests {
    /// A harness whose database holds the demo's flows (demo-expense has 6 versions).
    private func demoDatabase() throws -> CLIHarness {
        let cli = try CLIHarness()
        let demo = try cli.run(["demo", "--plain"])
        #expect(demo.status == 0, "\(demo.stderr)")
        return cli
    }

    @Test func replayAtAVersionPastTheEndIsRefused() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        for arguments in [["--at", "999"], ["--at", "7"], ["--at", "999", "--json"]] {
            let run = try cli.run(["replay", "demo-expense"] + arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr == "sheetlog: session demo-expense has 6 versions; --at \(arguments[1]) is past its end\n", "\(arguments)")
            #expect(run.stdout.isEmpty)
        }
        let last = try cli.run(["replay", "demo-expense", "--at", "6"])
        #expect(last.status == 0, "\(last.stderr)")
        #expect(last.stdout.split(separator: "\n").filter { $0.hasPrefix("v") }.count == 6)
    }

    @Test func replayAtZeroOrANegativeVersionIsAUsageError() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        for value in ["0", "-1", "-999"] {
            let run = try cli.run(["replay", "demo-expense", "--at", value])
            #expect(run.status == 2, "\(value)")
            #expect(run.stderr.contains("--at must be a version of 1 or more"), "\(value): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test func anUnknownSessionIsRefusedTheSameWayByReplayExportAndAudit() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        for arguments in [["replay", "nosuch"], ["replay", "nosuch", "--json"], ["export", "--session", "nosuch"],
                          ["audit", "--session", "nosuch"], ["audit", "--session", "nosuch", "--json"]] {
            let run = try cli.run(arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr == "sheetlog: no session nosuch\n", "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
        }
        // A session that exists but has no dismissal is an empty answer, not an error.
        let friend = try cli.run(["audit", "--session", "demo-crash", "--json"])
        #expect(friend.status == 0)
        #expect(friend.stdout == "[]\n")
    }

    @Test func auditAcceptsAPlainDate() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        func positions(_ filters: [String]) throws -> [Int] {
            let run = try cli.run(["audit", "--json"] + filters)
            #expect(run.status == 0, "\(filters): \(run.stderr)")
            return ((try? CLIHarness.json(run.stdout)) as? [[String: Any]] ?? []).compactMap { $0["position"] as? Int }
        }
        // Every demo dismissal is on 2026-01-01 (UTC).
        #expect(try positions(["--since", "2026-01-01"]) == [5, 8, 17, 18])
        #expect(try positions(["--since", "2026-01-02"]) == [])
        // --until with a date includes that whole day.
        #expect(try positions(["--until", "2026-01-01"]) == [5, 8, 17, 18])
        #expect(try positions(["--until", "2025-12-31"]) == [])
        #expect(try positions(["--since", "2026-01-01", "--until", "2026-01-01"]) == [5, 8, 17, 18])
        // Times and dates mix; a time keeps its meaning (--until exclusive).
        #expect(try positions(["--since", "2026-01-01T09:05:00Z", "--until", "2026-01-01"]) == [8, 17, 18])
        #expect(try positions(["--since", "2026-01-01", "--until", "2026-01-01T09:00:04.000Z"]) == [])
    }

    @Test func auditRefusesMalformedDatesAndAnEmptyRange() throws {
        let cli = try demoDatabase()
        defer { cli.remove() }
        for value in ["2026-13-01", "2026-02-30", "2026-1-1", "20260101", "2026-01-01T", "yesterday"] {
            let run = try cli.run(["audit", "--since", value])
            #expect(run.status == 2, "\(value)")
            #expect(run.stderr.contains("--since must be an ISO-8601 time such as 2026-01-01T09:30:00.000Z or a date such as 2026-01-01"), "\(value): \(run.stderr)")
        }
        let reversed = try cli.run(["audit", "--since", "2026-01-02", "--until", "2026-01-01"])
        #expect(reversed.status == 2)
        #expect(reversed.stderr.contains("--until must be later than --since"), "\(reversed.stderr)")
        // --help names the accepted forms (compared with its line wrapping undone).
        let help = try cli.run(["audit", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("2026-01-01 (a date, UTC)"), "\(help)")
        #expect(help.contains("a date includes that whole day"), "\(help)")
    }
}
