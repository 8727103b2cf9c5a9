import GRDB
import Logging
import SheetLogCore

/// Applies the numbered schema migrations in order, each once and in its own transaction,
/// recording every one in `sheetlog_migrations` with its number, name, SHA-256 and time.
///
/// A database that records a migration this build does not know (written by a newer SheetLog)
/// is refused before anything is written to it; a recorded migration whose checksum differs
/// from the shipped file means a shipped file was edited, and is refused too.
///
/// ```swift
/// let queue = try DatabaseQueue()
/// try queue.writeWithoutTransaction { db in
///     try SchemaMigrator().migrate(db, location: "in memory", clock: SystemClock())
/// }
/// ```
public struct SchemaMigrator: Sendable {
    /// The table where applied migrations are recorded.
    public static let tableName = "sheetlog_migrations"

    /// The migrations this build knows, in order.
    public var migrations: [SchemaMigration]

    public init(migrations: [SchemaMigration] = SchemaMigration.embedded) {
        self.migrations = migrations
    }

    /// The newest migration number this build knows, 0 when it knows none.
    public var newestKnownNumber: Int { migrations.map(\.number).max() ?? 0 }

    /// The migrations the database records, by number; empty for a new database. Reads only.
    public func appliedMigrations(_ db: Database) throws -> [AppliedMigration] {
        // Asked of SQLite each time, not through GRDB's `tableExists`: GRDB caches the schema per
        // connection and does not see another process create the table, so a migration that waited
        // for another process's BEGIN IMMEDIATE would be applied a second time.
        let exists = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?)",
            arguments: [Self.tableName]) ?? false
        guard exists else { return [] }
        let rows = try Row.fetchAll(db, sql: "SELECT number, name, sha256, applied_at FROM \(Self.tableName) ORDER BY number")
        return rows.map { row in
            AppliedMigration(number: row[0], name: row[1], sha256: row[2], appliedAt: row[3])
        }
    }

    /// Throws when this build must not use the database: ``SheetLogError/Code/schemaTooNew`` when it
    /// records a migration this build does not know, ``SheetLogError/Code/migrationFailed`` when a
    /// recorded checksum differs from the shipped one. Reads only.
    public func checkCompatibility(_ db: Database, location: String) throws {
        try checkCompatibility(of: try appliedMigrations(db), location: location)
    }

    /// Applies every migration the database does not record yet and returns those applied.
    ///
    /// `db` must be outside a transaction: each migration runs in its own `BEGIN IMMEDIATE` transaction,
    /// which also makes two processes opening one new file at once apply each migration once.
    @discardableResult
    public func migrate(
        _ db: Database, location: String, clock: any SheetLogClock, logger: Logger = Logger(label: "SheetLog.SQLite", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws -> [SchemaMigration] {
        let alreadyApplied = try readingSchema(location: location) { try appliedMigrations(db) }
        try checkCompatibility(of: alreadyApplied, location: location)
        let appliedNumbers = Set(alreadyApplied.map(\.number))
        let pending = migrations.sorted(by: { $0.number < $1.number }).filter { !appliedNumbers.contains($0.number) }
        guard !pending.isEmpty else { return [] }
        // A migration may remove what must not stay readable (0011: a sealed file's keyless
        // fingerprints): SQLite zeroes what it frees, and an existing file's old pages are
        // overwritten by a checkpoint, not left in the file until the next one.
        let secureDelete = try Int.fetchOne(db, sql: "PRAGMA secure_delete") ?? 0
        try db.execute(sql: "PRAGMA secure_delete = ON")
        defer { try? db.execute(sql: "PRAGMA secure_delete = \(secureDelete)") }
        var appliedNow: [SchemaMigration] = []
        for migration in pending {
            if try apply(migration, to: db, location: location, clock: clock) {
                appliedNow.append(migration)
                logger.info("applied schema migration", metadata: [
                    "migration": "\(migration.fileName)", "sha256": "\(migration.sha256)", "database": "\(location)",
                ])
            }
        }
        if !alreadyApplied.isEmpty && !appliedNow.isEmpty {
            // Best effort: a reader of another process may hold the old pages a while longer.
            _ = try? Row.fetchAll(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        return appliedNow
    }

    /// Runs one migration in its own transaction; false when another connection applied it first.
    private func apply(_ migration: SchemaMigration, to db: Database, location: String, clock: any SheetLogClock) throws -> Bool {
        do {
            try db.beginTransaction(.immediate)
            // Another process may have migrated while this one waited for the lock: what GRDB
            // cached of the schema before is stale now.
            db.clearSchemaCache()
            let recorded = try appliedMigrations(db)
            try checkCompatibility(of: recorded, location: location)
            if recorded.contains(where: { $0.number == migration.number }) {
                try db.commit()
                return false
            }
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS \(Self.tableName) (
                    number     INTEGER PRIMARY KEY,
                    name       TEXT    NOT NULL,
                    sha256     TEXT    NOT NULL,
                    applied_at INTEGER NOT NULL
                ) STRICT
                """)
            try db.execute(sql: migration.sql)
            try migration.swiftStep?(db)
            try db.execute(
                sql: "INSERT INTO \(Self.tableName) (number, name, sha256, applied_at) VALUES (?, ?, ?, ?)",
                arguments: [migration.number, migration.name, migration.sha256, clock.nowMilliseconds()])
            try db.commit()
            return true
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            // Another process holds the lock: nothing was applied, and opening again will apply it.
            try? db.rollback()
            throw SheetLogError.storage(error, operation: "migrating the database at \(location) to \(migration.fileName)")
        } catch let error as DatabaseError {
            try? db.rollback()
            throw SheetLogError(
                .migrationFailed,
                "migration \(migration.fileName) failed on the database at \(location): \(error.message ?? "SQLite error") (SQLite code \(error.extendedResultCode.rawValue))",
                context: .init(operation: "migrate", sqliteCode: error.extendedResultCode.rawValue))
        } catch {
            try? db.rollback()
            throw error
        }
    }

    private func checkCompatibility(of applied: [AppliedMigration], location: String) throws(SheetLogError) {
        let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.number, $0) })
        if let newest = applied.filter({ known[$0.number] == nil }).map(\.number).max() {
            throw SheetLogError(
                .schemaTooNew,
                "the database at \(location) was written by a newer SheetLog (migration \(newest)); this build knows up to \(newestKnownNumber)",
                context: .init(operation: "open"))
        }
        for record in applied {
            guard let shipped = known[record.number] else { continue }
            if shipped.sha256 != record.sha256 || shipped.name != record.name {
                throw SheetLogError(
                    .migrationFailed,
                    "migration \(record.number) recorded in the database at \(location) (\(record.name), sha256 \(record.sha256)) differs from the shipped \(shipped.fileName) (sha256 \(shipped.sha256)); a shipped migration must never be edited",
                    context: .init(operation: "open"))
            }
        }
    }

    private func readingSchema<T>(location: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw SheetLogError.storage(error, operation: "reading the schema of the database at \(location)")
        }
    }
}
