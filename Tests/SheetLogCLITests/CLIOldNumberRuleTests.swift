import Foundation
import GRDB
import SheetLog
import SheetLogSQLite
import Synchronization
import Testing

/// A file written before the JSON module (up to migration 0006): its projection columns wrote `-0`
/// as `-0.0` and ±2^53 as `±9007199254740992.0` (the only whole numbers from 2^53 up that
/// `Double.description` writes with a `.0`; above it writes `9.007199254740994e+15`), which the one
/// number rule of today writes without. Such a file must keep verifying, read the same, and be re-rendered once when
/// opened for writing.
@Suite("a file written under the old number rule of the projections")
struct CLIOldNumberRuleTests {
    static let lines = [
        #"{"session":"s1","id":"o-1","type":"present","presentation":"p1","route":{"name":"r"},"baseline":{"z":-0,"big":9007199254740992,"n":12,"f":0.5,"e":1e16},"at":"2026-01-01T09:00:00.000Z"}"#,
        #"{"session":"s1","id":"o-2","type":"edit","field":"w","value":-0,"at":"2026-01-01T09:00:01.000Z"}"#,
        #"{"session":"s1","id":"o-3","type":"edit","field":"neg","value":-9007199254740992,"at":"2026-01-01T09:00:02.000Z"}"#,
    ]

    /// The columns as the projections' writer before the JSON module wrote them (read in
    /// `git show 88132d0:Sources/SheetLogProjections/ProjectionJSON.swift`, `numberText`): an
    /// integral number below 2^53 as an `Int64`, anything else as `"\(number)"`, so `-0.0` and
    /// `9007199254740992.0`; `1e16` was `1e+16` then as now.
    static let oldBaseline = #"{"big":9007199254740992.0,"e":1e+16,"f":0.5,"n":12,"z":-0.0}"#
    static let oldDraft = #"{"big":9007199254740992.0,"e":1e+16,"f":0.5,"n":12,"neg":-9007199254740992.0,"w":-0.0,"z":-0.0}"#
    /// The same columns under today's rule, as the payloads hold their numbers.
    static let baseline = #"{"big":9007199254740992,"e":1e+16,"f":0.5,"n":12,"z":-0}"#
    static let draft = #"{"big":9007199254740992,"e":1e+16,"f":0.5,"n":12,"neg":-9007199254740992,"w":-0,"z":-0}"#

    /// Ingests ``lines`` into `source.sqlite` with today's binary, then writes `old.sqlite` as the
    /// older build left it: migrations 0001…0006 only, the same events (rows copied as they are,
    /// chain included), and the projection rows with the old texts in `baseline` and `draft_values`.
    ///
    /// Built through SQL rather than committed as a fixture made by the old binary: the old rule is
    /// five lines whose texts are spelled out above, and the old binary would be a second full build.
    static func oldFile(_ cli: CLIHarness) throws -> (old: String, source: String) {
        let source = cli.directory.appendingPathComponent("source.sqlite").path
        let ingest = try cli.ingest(lines, database: source)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let sourceQueue = try DatabaseQueue(path: source)
        let (events, projections) = try sourceQueue.read { db in
            var projections: [String: [Row]] = [:]
            for table in ["sessions", "presentations", "dismissals", "command_receipts"] {
                projections[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table)")
            }
            return (try Row.fetchAll(db, sql: "SELECT * FROM events ORDER BY position"), projections)
        }
        try sourceQueue.close()
        #expect(projections["presentations"]?.map { $0["baseline"] as String } == [baseline])

        let path = cli.directory.appendingPathComponent("old.sqlite").path
        let old = try DatabaseQueue(path: path)
        try old.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            let upTo6 = SchemaMigration.embedded.filter { $0.number <= 6 }
            try SchemaMigrator(migrations: upTo6).migrate(db, location: path, clock: SystemClock())
            try db.inTransaction {
                try insert(events, into: "events", db)
                for (table, rows) in projections {
                    try insert(rows, into: table, db, replacing: table == "presentations" ? ["baseline": oldBaseline, "draft_values": oldDraft] : [:])
                }
                return .commit
            }
        }
        try old.close()
        return (path, source)
    }

    private static func insert(_ rows: [Row], into table: String, _ db: Database, replacing texts: [String: String] = [:]) throws {
        for row in rows {
            let names = row.columnNames.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
            let marks = Array(repeating: "?", count: row.count).joined(separator: ", ")
            let values = zip(row.columnNames, row.databaseValues).map { name, value in texts[name]?.databaseValue ?? value }
            try db.execute(sql: "INSERT INTO \(table) (\(names)) VALUES (\(marks))", arguments: StatementArguments(values))
        }
    }

    /// `baseline` and `draft_values` of the one presentation, as stored.
    static func storedColumns(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            let row = try Row.fetchOne(db, sql: "SELECT baseline, draft_values FROM presentations")
            return [row?["baseline"] ?? "", row?["draft_values"] ?? ""]
        }
    }

    static func migrations(_ path: String) throws -> [Int] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try Int.fetchAll(db, sql: "SELECT number FROM sheetlog_migrations ORDER BY number") }
    }

    @Test("the reading commands print what they print for today's file, verify passes without writing, and a writer re-renders the columns")
    func readsAndVerifiesThroughTheBinary() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let (old, source) = try Self.oldFile(cli)
        #expect(try Self.storedColumns(old) == [Self.oldBaseline, Self.oldDraft])

        for command in [["recover", "--json"], ["replay", "s1", "--json"], ["export"]] {
            let expected = try cli.run(command, database: source)
            #expect(expected.status == 0, "\(command): \(expected.stderr)")
            let read = try cli.run(command, database: old)
            #expect(read.status == 0, "\(command): \(read.stderr)")
            #expect(read.stdout == expected.stdout, "\(command)")
        }

        let before = try Data(contentsOf: URL(fileURLWithPath: old))
        let verify = try cli.run(["verify"], database: old)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: old)) == before, "verify writes nothing")
        let rebuild = try cli.run(["rebuild"], database: old)
        #expect(rebuild.status == 0, "\(rebuild.stdout)\(rebuild.stderr)")
        #expect(try Self.storedColumns(old) == [Self.baseline, Self.draft])
        #expect(try Self.migrations(old) == SchemaMigration.embedded.map(\.number).sorted())

        for command in [["recover", "--json"], ["replay", "s1", "--json"]] {
            #expect(try cli.run(command, database: old).stdout == (try cli.run(command, database: source).stdout), "\(command)")
        }
        let again = try cli.run(["verify"], database: old)
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
    }

    @Test("a read-only copy of the old file verifies, and stays as it was")
    func readOnlyCopyVerifies() async throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let (old, _) = try Self.oldFile(cli)
        let before = try Data(contentsOf: URL(fileURLWithPath: old))

        let database = try SheetLogDatabase.openForReading(path: old)
        let report = try await database.verify()
        #expect(report.isHealthy, "\(report.checks)")
        let drafts = try await database.recoverableDrafts()
        #expect(drafts.first?.values["neg"] == .number(-9_007_199_254_740_992))
        #expect(drafts.first?.baseline["big"] == .number(9_007_199_254_740_992))
        try database.close()

        #expect(try Data(contentsOf: URL(fileURLWithPath: old)) == before)
        #expect(try Self.storedColumns(old) == [Self.oldBaseline, Self.oldDraft])
    }

    @Test("opened for writing through the API, the old file is re-rendered and verifies")
    func writableOpenThroughTheAPI() async throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let (old, _) = try Self.oldFile(cli)

        let database = try SheetLogDatabase.openExisting(path: old)
        let report = try await database.verify()
        #expect(report.isHealthy, "\(report.checks)")
        try database.close()
        #expect(try Self.storedColumns(old) == [Self.baseline, Self.draft])
    }

    @Test("two processes opening the old file for writing at once: migrated and re-rendered once, and both rebuild")
    func twoProcessesAtOnce() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        for round in 0..<3 {
            let (old, _) = try Self.oldFile(cli)
            let runs = Mutex<[CLIHarness.Run?]>([nil, nil])
            // Both processes start within a millisecond: each opens the file long before the other's
            // `rebuild` is over, so one waits on the other's migration transaction.
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let run = try? cli.run(["rebuild"], database: old)
                runs.withLock { $0[index] = run }
            }
            for run in runs.withLock({ $0 }) {
                #expect(run?.status == 0, "round \(round): \(run?.stdout ?? "")\(run?.stderr ?? "not run")")
            }
            #expect(try Self.storedColumns(old) == [Self.baseline, Self.draft], "round \(round)")
            #expect(try Self.migrations(old) == SchemaMigration.embedded.map(\.number).sorted(), "round \(round)")
            for file in ["source.sqlite", "old.sqlite"] {
                for suffix in ["", "-wal", "-shm"] {
                    try? FileManager.default.removeItem(at: cli.directory.appendingPathComponent(file + suffix))
                }
            }
        }
    }
}

extension CLIOldNumberRuleTests {
    @Test("verify compares the JSON columns by value, not more loosely: another value is still a mismatch")
    func anotherValueIsStillAMismatch() async throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let (old, _) = try Self.oldFile(cli)
        let queue = try DatabaseQueue(path: old)
        try await queue.write { db in
            try db.execute(sql: "UPDATE presentations SET draft_values = replace(draft_values, '\"w\":-0.0', '\"w\":0.5')")
        }
        try queue.close()

        let database = try SheetLogDatabase.openForReading(path: old)
        let report = try await database.verify()
        try database.close()
        #expect(report.firstFailure?.name == "projections")
        #expect(report.firstFailure?.detail.contains("draft_values") == true, "\(report.checks)")
        #expect(report.firstFailure?.detail.contains("baseline") == false, "\(report.checks)")
    }

    @Test("the sheet projection's JSON columns are those its migrations check with json_valid")
    func jsonColumnsAreTheCheckedOnes() throws {
        let queue = try DatabaseQueue()
        _ = try queue.writeWithoutTransaction { db in try SchemaMigrator().migrate(db, location: "in memory", clock: SystemClock()) }
        let projection = SheetProjection()
        let checked = try queue.read { db in
            var columns: [String: Set<String>] = [:]
            for table in projection.tables {
                let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table]) ?? ""
                let names = sql.matches(of: /json_valid\((\w+)\)/).map { String($0.output.1) }
                columns[table] = Set(names)
            }
            return columns
        }
        #expect(projection.jsonColumns == checked)
    }
}
