import Logging
import PostgresNIO
import SheetLogCore

/// Applies the fleet store's migrations (``PostgresMigration/embedded``) in order, each in its own
/// transaction with its record in `sheetlog_migrations`, and refuses a database that records a
/// migration this build does not know or a shipped one with another checksum.
///
/// Every transaction takes the advisory lock ``lockKey`` first and reads what is applied under
/// it, so servers starting at once apply each migration exactly once: the second waits, then finds it
/// recorded (unlike a check before the lock, which both would pass).
package struct PostgresMigrator: Sendable {
    /// The advisory lock key of migrations (`hashtext('sheetlog_migrate')` would do as well; a constant
    /// reads plainer in `pg_locks`).
    static let lockKey: Int64 = 0x5348_4C47_4D49_4752  // "SHLGMIGR"

    package let migrations: [PostgresMigration]

    package init(migrations: [PostgresMigration] = PostgresMigration.embedded) {
        self.migrations = migrations
    }

    /// Brings the database on `connection` up to date; returns the numbers it applied (empty when none).
    @discardableResult
    package func migrate(_ connection: PostgresConnection, logger: Logger) async throws -> [Int] {
        var applied: [Int] = []
        for migration in migrations {
            let didApply = try await connection.withTransaction(logger: logger) { connection -> Bool in
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: logger)
                try await connection.query("""
                    CREATE TABLE IF NOT EXISTS sheetlog_migrations (
                        number     integer PRIMARY KEY,
                        name       text    NOT NULL,
                        sha256     text    NOT NULL,
                        applied_at bigint  NOT NULL
                    )
                    """, logger: logger)
                let recorded = try await recordedMigrations(connection, logger: logger)
                try check(recorded)
                if recorded[migration.number] != nil { return false }
                for statement in SQLStatements.split(migration.sql) {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query("""
                    INSERT INTO sheetlog_migrations (number, name, sha256, applied_at)
                    VALUES (\(migration.number), \(migration.name), \(migration.sha256),
                            (floor(extract(epoch FROM clock_timestamp()) * 1000))::bigint)
                    """, logger: logger)
                return true
            }
            if didApply { applied.append(migration.number) }
        }
        return applied
    }

    private func recordedMigrations(_ connection: PostgresConnection, logger: Logger) async throws -> [Int: (name: String, sha256: String)] {
        var recorded: [Int: (name: String, sha256: String)] = [:]
        let rows = try await connection.query("SELECT number, name, sha256 FROM sheetlog_migrations", logger: logger)
        for try await (number, name, sha256) in rows.decode((Int, String, String).self) {
            recorded[number] = (name, sha256)
        }
        return recorded
    }

    /// Refuses a database newer than this build, or whose recorded migrations are not the shipped ones.
    private func check(_ recorded: [Int: (name: String, sha256: String)]) throws(SheetLogError) {
        let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.number, $0) })
        for (number, record) in recorded.sorted(by: { $0.key < $1.key }) {
            guard let migration = known[number] else {
                throw SheetLogError(
                    .schemaTooNew,
                    "the fleet database records migration \(number) (\(record.name)), which this build does not know: it was written by a newer SheetLog",
                    context: .init(operation: "migrate"))
            }
            guard migration.sha256 == record.sha256 else {
                throw SheetLogError(
                    .migrationFailed,
                    "fleet migration \(migration.fileName) is recorded with SHA-256 \(record.sha256) but this build ships \(migration.sha256)",
                    context: .init(operation: "migrate"))
            }
        }
    }
}
