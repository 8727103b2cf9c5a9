import Foundation
import Testing

/// A person may type `[erased]`, `[sealed]` or `[withheld]` into a form. Every output tells such text
/// apart from a value that is erased or withheld: in JSON a marker is an object, never a string; in
/// the human views typed text is quoted and a marker is bare.
@Suite("erased and withheld values are told apart from typed text")
struct CLIValueMarkerTests {
    /// A sealed file: user-7 typed the markers' texts and was erased; user-8 typed them and was not.
    struct TypedMarkersLog {
        let cli: CLIHarness
        let key: String

        init() throws {
            cli = try CLIHarness()
            key = cli.directory.appendingPathComponent("source.key").path
            #expect(try CLIHarness.run(["keygen", key]).status == 0)
            let lines = """
                {"session":"s1","subject":"user-7","type":"present","presentation":"p1","route":{"name":"newExpense"},"baseline":{"note":"[erased]"}}
                {"session":"s1","type":"edit","field":"amount","value":"[withheld]"}
                {"session":"s2","subject":"user-8","type":"present","presentation":"q1","route":{"name":"newExpense"},"baseline":{"note":"[erased]"}}
                {"session":"s2","type":"edit","field":"amount","value":"[withheld]"}

                """
            #expect(try cli.run(["--key-file", key, "ingest", "-"], input: Data(lines.utf8)).status == 0)
            let erased = try cli.run(["--key-file", key, "erase", "--subject", "user-7", "--requested-by", "ticket 9"])
            #expect(erased.status == 0, "\(erased.stderr)")
        }

        /// The `values` of the one sheet of the last step of `replay SESSION --json`.
        func lastValues(_ session: String, key: String?) throws -> [String: Any] {
            let run = try cli.run((key.map { ["--key-file", $0] } ?? []) + ["replay", session, "--json"])
            #expect(run.status == 0, "\(run.stderr)")
            let steps = try #require(try CLIHarness.json(run.stdout) as? [[String: Any]])
            let state = try #require(steps.last?["state"] as? [String: Any])
            let stack = try #require(state["stack"] as? [[String: Any]])
            return try #require(stack.first?["values"] as? [String: Any])
        }
    }

    @Test func replayJSONWritesMarkersAsObjectsAndTypedTextAsStrings() throws {
        let log = try TypedMarkersLog()
        defer { log.cli.remove() }

        let typed = try log.lastValues("s2", key: log.key)
        #expect(typed["note"] as? String == "[erased]")
        #expect(typed["amount"] as? String == "[withheld]")

        // s1 was erased (its sheet was closed by the erasure: the values of the step before it).
        let run = try log.cli.run(["--key-file", log.key, "replay", "s1", "--json"])
        let steps = try #require(try CLIHarness.json(run.stdout) as? [[String: Any]])
        let edit = try #require(steps.first { $0["type"] as? String == "edit" })
        let event = try #require(edit["event"] as? [String: Any])
        #expect(event["value"] as? [String: Bool] == ["erased": true], "\(event)")
        let sheet = try #require(((edit["state"] as? [String: Any])?["stack"] as? [[String: Any]])?.first)
        #expect(sheet["values"] as? [String: [String: Bool]] == ["amount": ["erased": true], "note": ["erased": true]])
        #expect(sheet["baseline"] as? [String: [String: Bool]] == ["note": ["erased": true]])

        // Without the key, user-8's values are withheld: objects too, never its typed text.
        let withheld = try log.lastValues("s2", key: nil)
        #expect(withheld["note"] as? [String: Bool] == ["withheld": true])
        #expect(withheld["amount"] as? [String: Bool] == ["withheld": true])
    }

    @Test func theHumanViewsQuoteTypedTextAndPrintMarkersBare() throws {
        let log = try TypedMarkersLog()
        defer { log.cli.remove() }

        let typed = try log.cli.run(["--key-file", log.key, "replay", "s2"])
        #expect(typed.stdout.contains(#"amount="[withheld]""#), "\(typed.stdout)")
        #expect(typed.stdout.contains(#"note="[erased]""#), "\(typed.stdout)")

        let erased = try log.cli.run(["--key-file", log.key, "replay", "s1"])
        #expect(erased.stdout.contains("amount=[erased]") && erased.stdout.contains("note=[erased]"), "\(erased.stdout)")
        #expect(!erased.stdout.contains(#""[erased]""#), "\(erased.stdout)")

        let withheld = try log.cli.run(["replay", "s2"])
        #expect(withheld.stdout.contains("amount=[withheld]") && withheld.stdout.contains("note=[withheld]"), "\(withheld.stdout)")
        #expect(!withheld.stdout.contains(#""[withheld]""#) && !withheld.stdout.contains(#""[erased]""#), "\(withheld.stdout)")
    }

    @Test func recoverJSONWritesWithheldValuesAsObjects() throws {
        let log = try TypedMarkersLog()
        defer { log.cli.remove() }

        let with = try #require(try CLIHarness.json(try log.cli.run(["--key-file", log.key, "recover", "--json"]).stdout) as? [[String: Any]])
        #expect(with.count == 1, "user-7's draft is erased, user-8's is offered")
        #expect(with.first?["values"] as? [String: String] == ["amount": "[withheld]", "note": "[erased]"])

        let without = try #require(try CLIHarness.json(try log.cli.run(["recover", "--json"]).stdout) as? [[String: Any]])
        #expect(without.first?["values"] as? [String: [String: Bool]] == ["amount": ["withheld": true], "note": ["withheld": true]])
        #expect(without.first?["baseline"] as? [String: [String: Bool]] == ["note": ["withheld": true]])
    }

    @Test func aCommandCannotRecordTheTextOfAMarkerAsAnything() throws {
        // Ingest carries JSON scalars only: an object where a value goes is refused, nothing stored.
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.ingest([#"{"session":"s0","type":"present","presentation":"p0","route":{"name":"r"}}"#]).status == 0)
        let line = #"{"session":"s1","type":"present","presentation":"p1","route":{"name":"r"},"baseline":{"note":{"erased":true}}}"#
        let run = try cli.ingest([line])
        #expect(run.status == 1)
        #expect(run.stderr.contains("line 1"), "\(run.stderr)")
        let stats = try #require(try CLIHarness.json(try cli.run(["stats", "--json"]).stdout) as? [String: Any])
        #expect(stats["events"] as? Int == 1)
    }
}
