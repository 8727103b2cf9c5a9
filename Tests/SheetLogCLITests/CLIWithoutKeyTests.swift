import Foundation
import Testing

/// A support engineer or an auditor with a user's sealed file and no master key: what stays in
/// clear (ids, types, fields, routes, outcomes, times) is enough for the audit, the state machine
/// and verify; no value is ever shown, and nothing is written.
@Suite("sheetlog on a sealed database without its key")
struct CLIWithoutKeyTests {
    static let values = ["47.50", "Taxi to the airport", "Ada Lovelace", "Travel"]

    @Test func readingCommandsAnswerWithEveryValueWithheld() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("demo.key").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        #expect(try cli.run(["--key-file", key, "demo"]).status == 0)
        let before = (FileManager.default.contents(atPath: cli.database), FileManager.default.contents(atPath: cli.database + "-wal") ?? Data())

        // The audit and the counts need no value: the same with the key and without.
        for command in [["audit"], ["audit", "--json"], ["stats", "--json"]] {
            let with = try cli.run(["--key-file", key] + command)
            let without = try cli.run(command)
            #expect(without.status == 0, "\(command): \(without.stderr)")
            #expect(without.stdout == with.stdout, "\(command)")
        }
        let stats = try cli.run(["stats"])
        #expect(stats.stdout.contains("file size (bytes)"))

        // verify runs every check that needs no value and says which it skipped.
        let verify = try cli.run(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("projections") && verify.stdout.contains("skipped"), "\(verify.stdout)")
        #expect(verify.stdout.contains("healthy (not checked: projections)"), "\(verify.stdout)")
        #expect(verify.stdout.contains("sealed events were not opened (no master key given)"), "\(verify.stdout)")
        let json = try #require(try CLIHarness.json(try cli.run(["verify", "--json"]).stdout) as? [String: Any])
        let checks = try #require(json["checks"] as? [[String: Any]])
        #expect(checks.filter { $0["skipped"] as? Bool == true }.compactMap { $0["name"] as? String } == ["projections"])

        // replay and recover show the structure, every value withheld.
        for command in [["replay", "demo-expense"], ["replay", "demo-expense", "--json"], ["recover"], ["recover", "--json"]] {
            let with = try cli.run(["--key-file", key] + command)
            let without = try cli.run(command)
            #expect(without.status == 0, "\(command): \(without.stderr)")
            for value in Self.values { #expect(!without.stdout.contains(value), "\(command) shows \(value)") }
            if command.last == "--json" {
                // The same elements; every value an object ({"withheld":true}), which takes lines of its own.
                let elements = { (text: String) in (try? CLIHarness.json(text) as? [Any])?.count }
                #expect(elements(with.stdout) == elements(without.stdout), "\(command): the same structure")
                #expect(without.stdout.contains(#""withheld" : true"#), "\(command)")
            } else {
                #expect(with.stdout.split(separator: "\n").count == without.stdout.split(separator: "\n").count, "\(command): the same structure")
                #expect(without.stdout.contains("[withheld]"), "\(command)")
            }
        }
        let replay = try cli.run(["replay", "demo-expense"])
        #expect(replay.stdout.contains("newExpense"))

        // export would write values as typed text: refused.
        let export = try cli.run(["export"])
        #expect(export.status == 1)
        #expect(export.stdout.isEmpty)
        #expect(export.stderr.contains("export writes every value") && export.stderr.contains("--key-file"), "\(export.stderr)")

        #expect(FileManager.default.contents(atPath: cli.database) == before.0)
        #expect((FileManager.default.contents(atPath: cli.database + "-wal") ?? Data()) == before.1)
    }
}
