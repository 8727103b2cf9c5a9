import PostgresNIO
import SheetLogCore
@testable import SheetLogPostgres
import Testing

/// Migrating the fleet database: once each, also when servers start at once; a database from a newer
/// build or with an edited migration is refused.
@Suite struct PostgresMigratorTests {
    @Test(arguments: 1...3)
    func concurrentMigratorsApplyEachMigrationOnce(round: Int) async throws {
        let url = try await TestFleet.freshURL()
        let migrators = 4
        let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<migrators {
                group.addTask {
                    try await TestFleet.withConnection(url) { connection in
                        try await PostgresMigrator().migrate(connection, logger: TestFleet.logger)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let everyNumber = PostgresMigration.embedded.map(\.number)
        // Exactly one migrator applied each migration; the others found it recorded.
        #expect(applied.flatMap { $0 }.sorted() == everyNumber)
        let recorded = try await TestFleet.withConnection(url) { connection in
            var rows: [(Int, String)] = []
            for try await row in try await connection.query("SELECT number, sha256 FROM sheetlog_migrations ORDER BY number", logger: TestFleet.logger)
                .decode((Int, String).self) { rows.append(row) }
            return rows
        }
        #expect(recorded.map(\.0) == everyNumber)
        #expect(recorded.map(\.1) == PostgresMigration.embedded.map(\.sha256))
    }

    @Test func openingTwiceAppliesNothingTheSecondTime() async throws {
        let url = try await TestFleet.freshURL()
        let first = try await TestFleet.withConnection(url) { try await PostgresMigrator().migrate($0, logger: TestFleet.logger) }
        let second = try await TestFleet.withConnection(url) { try await PostgresMigrator().migrate($0, logger: TestFleet.logger) }
        #expect(first == PostgresMigration.embedded.map(\.number))
        #expect(second.isEmpty)
    }

    @Test func aDatabaseFromANewerBuildIsRefused() async throws {
        let url = try await TestFleet.freshURL()
        _ = try await PostgresEventStore.open(url: url, device: "d", sheetProjections: false)
        try await TestFleet.withConnection(url) { connection in
            try await connection.query(
                "INSERT INTO sheetlog_migrations VALUES (99, 'future', repeat('0', 64), 0)", logger: TestFleet.logger)
        }
        let error = await #expect(throws: SheetLogError.self) {
            _ = try await PostgresEventStore.open(url: url, device: "d", sheetProjections: false)
        }
        #expect(error?.code == .schemaTooNew)
        #expect(error?.message.contains("migration 99") == true)
    }

    @Test func anEditedShippedMigrationIsRefused() async throws {
        let url = try await TestFleet.freshURL()
        _ = try await PostgresEventStore.open(url: url, device: "d", sheetProjections: false)
        try await TestFleet.withConnection(url) { connection in
            try await connection.query("UPDATE sheetlog_migrations SET sha256 = repeat('a', 64) WHERE number = 1", logger: TestFleet.logger)
        }
        let error = await #expect(throws: SheetLogError.self) {
            _ = try await PostgresEventStore.open(url: url, device: "d", sheetProjections: false)
        }
        #expect(error?.code == .migrationFailed)
        #expect(error?.message.contains("0001_fleet.sql") == true)
    }
}
