import Foundation
import GRDB
import SheetLogSQLite
import Testing
import SheetLogTestSupport

@Suite("Schema migrations")
struct MigratorTests {
    /// The number after the last shipped migration: what a newer build would ship next.
    static let nextNumber = SchemaMigration.embedded.count + 1
    static let shippedNumbers = Array(1...SchemaMigration.embedded.count)
    static let future = SchemaMigration(number: nextNumber, name: "future", sha256: String(repeating: "f", count: 64),
                                        sql: "CREATE TABLE future_things (id INTEGER PRIMARY KEY) STRICT;")

    @Test("a new database records every shipped migration once, and reopening applies nothing")
    func migrationsAreRecordedOnce() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("log.sqlite")
        let clock = ManualClock(milliseconds: 42_000)
        do {
            let store = try SQLiteEventStore(path: path, configuration: .init(clock: clock))
            try store.writer.close()
        }
        clock.advance(by: 1_000)
        let store = try SQLiteEventStore(path: path, configuration: .init(clock: clock))
        let applied = try store.writer.read { db in try SchemaMigrator().appliedMigrations(db) }
        #expect(applied == SchemaMigration.embedded.map {
            AppliedMigration(number: $0.number, name: $0.name, sha256: $0.sha256, appliedAt: 42_000)
        })
    }

    @Test("a database written by a newer SheetLog is refused and the file is left unchanged")
    func schemaTooNewIsRefusedBeforeWriting() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("newer.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            _ = try queue.writeWithoutTransaction { db in
                try SchemaMigrator(migrations: SchemaMigration.embedded + [Self.future])
                    .migrate(db, location: path, clock: ManualClock())
            }
            try queue.close()
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let error = try #require(throws: SheetLogError.self) { try SQLiteEventStore(path: path) }
        #expect(error.code == .schemaTooNew)
        #expect(error.message.contains("was written by a newer SheetLog (migration \(Self.nextNumber)); this build knows up to \(Self.nextNumber - 1)"))
        #expect(error.message.contains(path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "the file was not switched to WAL")
    }

    @Test("a recorded migration whose checksum differs from the shipped file is refused")
    func checksumMismatchIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("edited.sqlite")
        do {
            let store = try SQLiteEventStore(path: path)
            try store.writer.write { db in
                try db.execute(sql: "UPDATE sheetlog_migrations SET sha256 = ? WHERE number = 1",
                               arguments: [String(repeating: "0", count: 64)])
            }
            try store.writer.close()
        }
        let error = try #require(throws: SheetLogError.self) { try SQLiteEventStore(path: path) }
        #expect(error.code == .migrationFailed)
        #expect(error.message.contains("migration 1"))
        #expect(error.message.contains("0001_events.sql"))
    }

    @Test("an older build's migrator applies only what it knows, and a newer one continues")
    func laterMigrationsApplyInOrder() throws {
        let queue = try DatabaseQueue()
        let applied = try queue.writeWithoutTransaction { db in
            let first = try SchemaMigrator().migrate(db, location: "in memory", clock: ManualClock())
            let second = try SchemaMigrator(migrations: SchemaMigration.embedded + [Self.future])
                .migrate(db, location: "in memory", clock: ManualClock())
            return (first.map(\.number), second.map(\.number))
        }
        #expect(applied.0 == Self.shippedNumbers)
        #expect(applied.1 == [Self.nextNumber])
        #expect(try queue.read { db in try db.tableExists("future_things") })
    }

    @Test("a failing migration is rolled back whole and reported as migrationFailed")
    func failingMigrationRollsBack() throws {
        let broken = SchemaMigration(number: Self.nextNumber, name: "broken", sha256: String(repeating: "b", count: 64),
                                     sql: "CREATE TABLE half_done (id INTEGER); INSERT INTO no_such_table VALUES (1);")
        let queue = try DatabaseQueue()
        let error = try #require(throws: SheetLogError.self) {
            try queue.writeWithoutTransaction { db in
                try SchemaMigrator(migrations: SchemaMigration.embedded + [broken])
                    .migrate(db, location: "in memory", clock: ManualClock())
            }
        }
        #expect(error.code == .migrationFailed)
        #expect(error.message.contains(broken.fileName))
        #expect(try queue.read { db in try db.tableExists("half_done") } == false)
        #expect(try queue.read { db in try SchemaMigrator().appliedMigrations(db).map(\.number) } == Self.shippedNumbers)
    }
}
