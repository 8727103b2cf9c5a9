import Foundation
import GRDB
import GRDBSQLite
import Logging
import SheetLogCore

/// The event log in one SQLite file (WAL, one writer, concurrent readers), or in memory.
///
/// Opening applies the shipped migrations and refuses a database written by a newer SheetLog.
/// Every append is one `BEGIN IMMEDIATE` transaction that checks idempotency and expected
/// versions, inserts the events with their integrity chain, updates the configured projections,
/// and is acknowledged only after COMMIT returned.
///
/// ```swift
/// let store = try SQLiteEventStore(path: "/tmp/sheets.sqlite")
/// try await store.append([EventData(type: "present", payload: #"{"presentation":"p1"}"#)],
///                        to: "session-1", expecting: .noStream)
/// let events = try await store.readStream("session-1")
/// ```
public final class SQLiteEventStore: EventStore, Sendable {
    /// The GRDB connection (a `DatabasePool` for a file, a `DatabaseQueue` in memory), for layers that
    /// read projections or run their own SQL. Writing to `events` through it bypasses every check.
    public let writer: any DatabaseWriter
    /// The configuration the store was opened with.
    public let configuration: Configuration
    /// The database's path, or `in memory`; used in messages.
    public let location: String
    /// True when opened with ``init(readingFileAt:configuration:)``: every write is refused.
    public let isReadOnly: Bool
    let commitBell = CommitBell()
    /// The end of the log as this store's last committed append left it.
    let tailCache = LogTailCache()

    /// Opens (or creates) the log in the file at `path`, in WAL mode, and applies pending migrations.
    ///
    /// Throws ``SheetLogError/Code/schemaTooNew`` (before anything is written to the file) when the file
    /// was written by a newer SheetLog, ``SheetLogError/Code/migrationFailed`` when a migration fails or
    /// a shipped migration was edited, and ``SheetLogError/Code/storage`` when SQLite cannot open it
    /// (saying what is wrong with the path: a directory, no such folder, permission denied …) or when
    /// the file is another program's database, which is left as it was.
    public convenience init(path: String, configuration: Configuration = .init()) throws {
        // SQLite opens a file it may not write read-only, or fails at the first write when its -wal or
        // -shm may not be written: said at open, naming the file that is in the way.
        if let problem = DatabaseFileProblem.unwritable(at: path) {
            throw problem.error(path: path, writing: true, context: .init(operation: "open"))
        }
        let pool: DatabasePool
        do {
            try Self.checkExistingFile(at: path, busyTimeout: configuration.busyTimeout)
            pool = try Self.openPool(path: path, configuration: configuration)
        } catch {
            throw SheetLogError.openingFile(
                SheetLogError.wrapping(error, operation: "opening the database at \(path)"), path: path, writing: true)
        }
        do {
            try self.init(writer: pool, location: path, configuration: configuration)
        } catch {
            throw SheetLogError.openingFile(error, path: path, writing: true)
        }
    }

    /// Opens the pool, which switches a new file to WAL; tried again while another process holds the
    /// new file's write lock, until the busy timeout.
    ///
    /// The switch reads the file's header and then takes the write lock inside the same statement;
    /// SQLite refuses such an upgrade at once with `SQLITE_BUSY` when another connection holds the
    /// write lock (waiting could deadlock), without calling the busy handler. Two processes opening
    /// one new file at the same instant (an app and its extension at first launch) meet exactly there.
    /// Once the file is in WAL the switch writes nothing, so the next try goes through.
    private static func openPool(path: String, configuration: Configuration) throws -> DatabasePool {
        let deadline = ContinuousClock.now + configuration.busyTimeout
        while true {
            do {
                return try DatabasePool(path: path, configuration: databaseConfiguration(configuration))
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: .random(in: 0.002...0.02))
            }
        }
    }

    /// A log in memory (a `DatabaseQueue`), gone when the store is released: for tests and previews.
    public static func inMemory(configuration: Configuration = .init()) throws -> SQLiteEventStore {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(configuration: databaseConfiguration(configuration))
        } catch {
            throw SheetLogError.wrapping(error, operation: "opening an in-memory database")
        }
        return try SQLiteEventStore(writer: queue, location: "in memory", configuration: configuration)
    }

    /// A store over a connection opened read-only: no pragma, no migration, nothing written.
    init(readOnlyWriter: any DatabaseWriter, location: String, configuration: Configuration) throws {
        self.writer = readOnlyWriter
        self.location = location
        self.configuration = configuration
        self.isReadOnly = true
    }

    private init(writer: any DatabaseWriter, location: String, configuration: Configuration) throws {
        self.writer = writer
        self.location = location
        self.configuration = configuration
        self.isReadOnly = false
        do {
            try writer.writeWithoutTransaction { db in
                // SQLite opens a file it may not write read-only, silently, when the -wal and -shm it
                // needs exist already: refused here, as the open is refused without them, so that the
                // first write does not fail deep in a command.
                if sqlite3_db_readonly(db.sqliteConnection, "main") == 1 {
                    throw DatabaseError(resultCode: .SQLITE_READONLY, message: "SQLite opened \(location) read-only")
                }
                // GRDB sets synchronous=NORMAL when it enables WAL, after any prepareDatabase hook:
                // the durability level can only be set once the connection is open.
                try db.execute(sql: "PRAGMA synchronous = \(configuration.durability.synchronousPragmaValue)")
                // A bulk ingest into a large log reads its indexes' pages back at SQLite's default 2 MiB
                // (random ids land anywhere in them): 16 MiB, for the writer only, bounded by the file's size.
                try db.execute(sql: "PRAGMA cache_size = -\(Self.writerCacheKiB)")
                try SchemaMigrator().migrate(db, location: location, clock: configuration.clock, logger: configuration.logger)
            }
        } catch {
            throw SheetLogError.wrapping(error, operation: "opening the database at \(location)")
        }
    }

    /// The writer connection's page cache, in KiB (`PRAGMA cache_size` takes it negated).
    package static let writerCacheKiB = 16_384

    private static func databaseConfiguration(_ configuration: Configuration) -> GRDB.Configuration {
        var database = GRDB.Configuration()
        database.label = "SheetLog"
        database.busyMode = .timeout(configuration.busyTimeout.timeInterval)
        database.foreignKeysEnabled = true
        database.observesSuspensionNotifications = configuration.observesSuspension
        database.prepareDatabase { db in
            // A prune returns the space it frees (incremental_vacuum). SQLite takes this only in a
            // new file, before the switch to WAL writes its first page; in any other it does nothing.
            // Only in an empty file (no page yet): in an existing one the pragma may ask for the
            // write lock at open. The pool's reader connections are read-only: the writer sets it.
            if !db.configuration.readonly, try Int.fetchOne(db, sql: "PRAGMA page_count") == 0 {
                try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
            }
        }
        return database
    }

    /// Refuses a file written by a newer SheetLog, and another program's database (tables, none of
    /// them SheetLog's: migrating it would add SheetLog's tables beside that program's own), through
    /// a read-only connection, so that nothing (not even the switch to WAL) is written to it. With
    /// `requireLog`, also refuses (as ``SheetLogError/Code/notFound``) a missing or empty file and an
    /// SQLite database that holds no SheetLog log, which opening would otherwise turn into a new,
    /// empty log.
    static func checkExistingFile(at path: String, busyTimeout: Duration, requireLog: Bool = false) throws {
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue
        guard let size, size > 0 else {
            guard requireLog else { return }
            let reason = size == nil ? "" : ": the file is empty"
            throw SheetLogError(.notFound, "no SheetLog database at \(path)\(reason)", context: .init(operation: "open"))
        }
        let applied: [AppliedMigration]
        let holdsOtherTables: Bool
        do {
            let queue = try ReadOnlyConnection.open(path: path, busyTimeout: busyTimeout, label: "SheetLog.schemaCheck")
            (applied, holdsOtherTables) = try queue.read { db in
                let migrator = SchemaMigrator()
                try migrator.checkCompatibility(db, location: path)
                let applied = try migrator.appliedMigrations(db)
                let tables = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table')") ?? false
                return (applied, applied.isEmpty && tables)
            }
            try queue.close()
        } catch {
            throw SheetLogError.wrapping(error, operation: "checking the schema of the database at \(path)")
        }
        if holdsOtherTables && !requireLog {
            throw SheetLogError(
                .storage, "\(path) is not a SheetLog database: it holds another program's tables and none of SheetLog's",
                context: .init(operation: "open"))
        }
        if requireLog && applied.isEmpty {
            throw SheetLogError(
                .notFound, "no SheetLog database at \(path): the SQLite database there holds no SheetLog log",
                context: .init(operation: "open"))
        }
    }
}
