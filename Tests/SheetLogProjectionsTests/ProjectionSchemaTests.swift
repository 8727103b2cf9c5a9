import GRDB
import Logging
import SheetLogCore
import SheetLogDomain
import SheetLogProjections
import SheetLogSQLite
import Testing
import SheetLogTestSupport

@Suite("projection schema: statements without ephemeral tables, migration 0003 keeps the rows")
struct ProjectionSchemaTests {
    static let projectionTables = ["sessions", "presentations", "dismissals"]

    /// Every row of each table, in rowid order.
    private static func contents(of tables: [String], in db: Database) throws -> [String: [[DatabaseValue]]] {
        try Dictionary(uniqueKeysWithValues: tables.map { table in
            // The columns of events as 0001 created them: the file this test writes is at migration 0002.
            let columns = table == "events"
                ? "position, event_id, stream, version, type, schema_version, payload, metadata, occurred_at, recorded_at, chain" : "*"
            return (table, try Row.fetchAll(db, sql: "SELECT \(columns) FROM \(table) ORDER BY rowid").map { Array($0.databaseValues) })
        })
    }

    /// A few sessions with drafts, alerts and their answers.
    private func workload(_ harness: SheetHarness) async throws {
        try await harness.run(.present(presentation: "p1", route: Route(name: "newExpense", group: "editor"), required: ["amount"]))
        try await harness.run(.edit(field: "amount", value: 12))
        try await harness.run(.attemptDismiss(source: .swipe))
        try await harness.run(.keepEditing())
        try await harness.run(.attemptDismiss(source: .cancelButton))
        try await harness.run(.confirmDiscard())
        try await harness.run(.present(presentation: "q1", route: Route(name: "settings"), baseline: ["theme": "light"]), in: "s2")
        try await harness.run(.edit(field: "theme", value: "dark"), in: "s2")
        try await harness.run(.attemptDismiss(source: .programmatic), in: "s2")
    }

    @Test("no row statement builds an ephemeral table when it runs (an IN list in a CHECK does)")
    func rowStatementsOpenNoEphemeralTable() async throws {
        let harness = try SheetHarness.inMemory()
        try await harness.store.writer.read { db in
            for sql in SheetProjection.rowStatements {
                let program = try Row.fetchAll(db, sql: "EXPLAIN " + sql, arguments: StatementArguments(
                    Array(repeating: DatabaseValue.null, count: sql.filter { $0 == "?" }.count)))
                let opcodes = program.map { $0["opcode"] as String }
                #expect(!opcodes.isEmpty)
                #expect(!opcodes.contains("OpenEphemeral"), "\(sql.prefix(40))… opens an ephemeral table")
            }
        }
    }

    @Test("a later event updates its row in place, and re-writes a row removed behind SheetLog's back whole")
    func laterEventsUpdateOrRewriteTheRow() async throws {
        let harness = try SheetHarness.make(.file)
        try await harness.run(.present(presentation: "p1", route: Route(name: "newExpense", params: ["id": "7"]),
                                       baseline: ["amount": 5, "note": "lunch"], required: ["amount"]))
        try await harness.run(.edit(field: "amount", value: 12))
        var row = try #require(try await harness.presentation("p1"))
        #expect(row["draft_values"] == #"{"amount":12,"note":"lunch"}"#)
        #expect(row["baseline"] == #"{"amount":5,"note":"lunch"}"#)
        #expect(row["route_params"] == #"{"id":"7"}"#)
        #expect(row["dirty"] == true)

        try await harness.store.writer.write { db in try db.execute(sql: "DELETE FROM presentations") }
        try await harness.run(.edit(field: "note", value: "dinner"))
        row = try #require(try await harness.presentation("p1"))
        #expect(row["draft_values"] == #"{"amount":12,"note":"dinner"}"#)
        #expect(row["required_fields"] == #"["amount"]"#)
        #expect(row["opened_position"] == 1)

        try await harness.run(.save(values: ["amount": 20]))
        row = try #require(try await harness.presentation("p1"))
        #expect(row["draft_values"] == #"{"amount":20}"#)
        #expect(row["baseline"] == #"{"amount":5,"note":"lunch"}"#)
        #expect(row["status"] == "saved")
        #expect(row["stack_index"] == nil as Int?)
        #expect(try await harness.store.verifyProjections().isEmpty)
    }

    @Test("the CHECK rules still refuse a value outside their list")
    func checksStillRefuseUnknownValues() async throws {
        let harness = try SheetHarness.inMemory()
        try await workload(harness)
        let refused: [String] = [
            "UPDATE presentations SET status = 'gone'",
            "UPDATE presentations SET guard = 'sometimes'",
            "UPDATE presentations SET pending_source = 'shake'",
            "UPDATE presentations SET dirty = 2",
            "UPDATE dismissals SET source = 'shake'",
            "UPDATE dismissals SET outcome = 'vanished'",
            "UPDATE dismissals SET resolution = 'ignored'",
            "UPDATE dismissals SET offers_save = 3",
        ]
        for sql in refused {
            #expect(throws: DatabaseError.self, "\(sql)") {
                try harness.store.writer.write { db in try db.execute(sql: sql) }
            }
        }
        // NULL stays allowed where 0002 allowed it.
        try await harness.store.writer.write { db in
            try db.execute(sql: "UPDATE presentations SET pending_source = NULL, pending_offers_save = NULL")
            try db.execute(sql: "UPDATE dismissals SET resolution = NULL")
        }
    }

    @Test("a database written at migration 0002 keeps every row through 0003, and appends go on")
    func migrationKeepsRows() async throws {
        let source = try SheetHarness.inMemory()
        try await workload(source)
        let tables = ["events"] + Self.projectionTables
        let before = try await source.store.writer.read { db in try Self.contents(of: tables, in: db) }

        let directory = try TemporaryDirectory()
        let path = directory.path("at-0002.sqlite")
        let old = try DatabaseQueue(path: path)
        try await old.writeWithoutTransaction { db in
            try SchemaMigrator(migrations: Array(SchemaMigration.embedded.prefix(2)))
                .migrate(db, location: path, clock: ManualClock(), logger: .init(label: "test") { _ in SwiftLogNoOpLogHandler() })
            try db.inTransaction {
                for table in tables {
                    for row in before[table]! {
                        let marks = Array(repeating: "?", count: row.count).joined(separator: ", ")
                        try db.execute(sql: "INSERT INTO \(table) VALUES (\(marks))", arguments: StatementArguments(row))
                    }
                }
                return .commit
            }
        }
        try old.close()

        let store = try SQLiteEventStore(path: path, configuration: SheetHarness.configuration())
        let (after, tableSQL, views) = try await store.writer.read { db in
            let rows = try Self.contents(of: tables, in: db)
            let sql = try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE name IN ('presentations', 'dismissals')")
            let views = try Int.fetchOne(db, sql: "SELECT count(*) FROM recoverable_drafts")! + Int.fetchOne(db, sql: "SELECT count(*) FROM audit_dismissals")!
            return (rows, sql, views)
        }
        for table in tables {
            #expect(after[table] == before[table], "\(table)")
        }
        #expect(tableSQL.count == 2)
        #expect(tableSQL.allSatisfy { !$0.contains(" IN (") })
        #expect(views == 1 + 3)  // the settings draft is recoverable; three attempts were recorded
        #expect(try await store.verifyProjections().isEmpty)

        // The migrated file takes appends, inline rows included.
        let harness = SheetHarness(store: store)
        try await harness.run(.present(presentation: "r1", route: Route(name: "notes")), in: "s3")
        #expect(try await harness.presentation("r1", in: "s3")?["status"] == "open")
        #expect(try await store.verifyProjections().isEmpty)
    }
}
