import Foundation
import GRDB
import Testing

/// The SQL views of docs/schema.md, queried with SQLite alone, against what the CLI answers on the
/// same file after an erasure: in the source log and in its copy through `export | ingest`.
@Suite("the views after an erasure")
struct CLIViewsAfterErasureTests {
    static func readOnly(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// `recoverable_drafts` and `audit_dismissals` against `recover`, `stats` and `audit`.
    static func expectViewsAnswerAsTheCLI(_ cli: CLIHarness, key: String, database: String) throws {
        let recover = try cli.run(["--key-file", key, "recover", "--json"], database: database)
        #expect(recover.status == 0, "\(recover.stderr)")
        let offered = try #require(try CLIHarness.json(recover.stdout) as? [[String: Any]])
        let stats = try #require(try CLIHarness.json(try cli.run(["--key-file", key, "stats", "--json"], database: database).stdout) as? [String: Any])
        let audit = try cli.run(["--key-file", key, "audit", "--json"], database: database)
        let dismissals = try #require(try CLIHarness.json(audit.stdout) as? [[String: Any]], "\(audit.stdout)")

        let queue = try readOnly(database)
        defer { try? queue.close() }
        let (drafts, open, audited) = try queue.read { db in
            (try Row.fetchAll(db, sql: "SELECT session, presentation, reason FROM recoverable_drafts ORDER BY last_position"),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM recoverable_drafts WHERE reason = 'open'") ?? -1,
             try Int64.fetchAll(db, sql: "SELECT position FROM audit_dismissals ORDER BY position"))
        }
        #expect(drafts.map { "\($0["session"] as String)/\($0["presentation"] as String)" }
                == offered.map { "\($0["session"] as? String ?? "?")/\($0["presentation"] as? String ?? "?")" })
        #expect(drafts.count == stats["recoverableDrafts"] as? Int)
        #expect(open == stats["openDrafts"] as? Int)
        #expect(audited == dismissals.compactMap { ($0["position"] as? Int).map(Int64.init) })
    }

    @Test func everyViewAnswersAsTheCLIInTheSourceAndInItsCopy() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("source.key").path
        let copyKey = cli.directory.appendingPathComponent("copy.key").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        #expect(try CLIHarness.run(["keygen", copyKey]).status == 0)
        // user-7 adds a field the baseline lacks: erased, the draft is still dirty (a field added),
        // so only the erasure keeps it out of the drafts offered.
        let lines = """
            {"session":"s1","subject":"user-7","type":"present","presentation":"p1","route":{"name":"newExpense"}}
            {"session":"s1","type":"edit","field":"notes","value":"mk-gone-24aa"}
            {"session":"s2","subject":"user-8","type":"present","presentation":"q1","route":{"name":"newExpense"}}
            {"session":"s2","type":"edit","field":"notes","value":"mk-kept-5c3e"}
            {"session":"s3","subject":"user-7","type":"present","presentation":"r1","route":{"name":"newExpense"}}
            {"session":"s3","type":"edit","field":"amount","value":"mk-gone-77b1"}
            {"session":"s3","type":"endSession"}

            """
        #expect(try cli.run(["--key-file", key, "ingest", "-"], input: Data(lines.utf8)).status == 0)
        let queue = try Self.readOnly(cli.database)
        let before = try queue.read { db in try String.fetchAll(db, sql: "SELECT session FROM recoverable_drafts ORDER BY session") }
        try queue.close()
        #expect(before == ["s1", "s2", "s3"])
        #expect(try cli.run(["--key-file", key, "erase", "--subject", "user-7", "--requested-by", "ticket 88"]).status == 0)
        try Self.expectViewsAnswerAsTheCLI(cli, key: key, database: cli.database)
        let after = try Self.readOnly(cli.database)
        let sessions = try after.read { db in try String.fetchAll(db, sql: "SELECT session FROM recoverable_drafts ORDER BY session") }
        try after.close()
        #expect(sessions == ["s2"], "the erased subject's drafts are not in the view")

        let export = try cli.run(["--key-file", key, "export"])
        let copy = cli.directory.appendingPathComponent("copy.sqlite").path
        #expect(try cli.run(["--key-file", copyKey, "ingest", "-"], input: Data(export.stdout.utf8), database: copy).status == 0)
        try Self.expectViewsAnswerAsTheCLI(cli, key: copyKey, database: copy)
    }

    @Test func theCopyKeepsTheErasuresOwnTime() throws {
        let log = try CLIErasureCopyTests.ErasedLog()
        defer { log.cli.remove() }
        let query = """
            SELECT k.erased_at, e.occurred_at, json_extract(e.payload, '$.requestedBy')
            FROM subject_keys k JOIN events e ON e.stream = '$erasures' AND json_extract(e.payload, '$.subject') = k.subject
            WHERE k.subject = 'user-7'
            """
        func erasure(in path: String) throws -> [String] {
            let queue = try Self.readOnly(path)
            defer { try? queue.close() }
            return try queue.read { db in
                let row = try #require(try Row.fetchOne(db, sql: query))
                return [String(row[0] as Int64), String(row[1] as Int64), row[2] as String]
            }
        }
        let source = try erasure(in: log.cli.database)
        #expect(source[0] == source[1], "erased_at is the erasure's time")
        #expect(source[2] == "ticket 88")
        Thread.sleep(forTimeInterval: 0.05)  // the copy is made strictly later than the erasure
        let copy = log.cli.directory.appendingPathComponent("copy.sqlite").path
        #expect(try log.cli.run(["--key-file", log.copyKey, "ingest", "-"], input: Data(log.export.utf8), database: copy).status == 0)
        #expect(try erasure(in: copy) == source, "the copy says the person was erased when they were, not when the log was copied")
    }
}
