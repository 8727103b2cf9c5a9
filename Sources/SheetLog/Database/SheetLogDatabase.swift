import Foundation
import Logging
import SheetLogSQLite

/// A SheetLog database: the event log of sheet sessions, with recording, replay, recovery, audit
/// and verification on top of it.
///
/// Commands are decided inside the append's write transaction, against each session as stored at
/// that moment (a per-session cache of ``SessionState`` spares reading the log while nothing else
/// wrote to it): another task, connection or process writing the same session never makes a
/// decision stale, and no command fails for a race it did not cause.
///
/// ```swift
/// let database = try SheetLogDatabase.open(path: databaseURL.path)
/// try await database.record(.present(presentation: "expense-1", route: Route(name: "newExpense")), in: "window-1")
/// try await database.record(.edit(field: "amount", value: "47.50"), in: "window-1")
/// let state = try await database.state(of: "window-1")
/// assert(state.top?.isDirty == true)
/// ```
public final class SheetLogDatabase: Sendable {
    /// The storage the database runs on (``SQLiteBackend`` unless a test or a server gives another):
    /// every read and write goes through it.
    ///
    /// Package access only: its `append` takes events as they are, without the sheets' rules, and
    /// is for the package's tools and tests. Apps record commands with ``record(_:in:id:occurredAt:)``.
    package let backend: any SheetLogBackend
    /// The options the database was opened with.
    public let options: Options
    /// The file's path, nil in memory.
    public let path: String?

    let cache = SessionCache()
    /// States of the replay fold, so that one state of a long session folds from near it.
    let checkpoints = FoldCheckpoints()
    /// The sessions the coordinators of this handle show, which recovery leaves alone.
    let liveSessions = LiveSessions()
    /// The commands waiting to be recorded, committed in groups (see ``record(_:states:)``).
    let queue = RecordQueue()
    let metadataTexts: MetadataTexts
    let logger: Logger
    /// The background prune of ``Options/retention``: nil without one, and for a handle that cannot write.
    let retention: AutomaticRetention?

    /// A database on `backend`; `path` is the file's path, nil in memory. With a ``Retention``, a
    /// writing SQLite handle starts its first automatic prune now, in the background.
    package init(backend: any SheetLogBackend, options: Options, path: String?) {
        self.backend = backend
        self.options = options
        self.path = path
        self.logger = options.logger
        self.metadataTexts = MetadataTexts(base: options.metadata)
        if let sqlite = backend as? SQLiteBackend, !sqlite.store.isReadOnly, let horizon = try? options.retention.horizon() {
            retention = AutomaticRetention(horizon: horizon, backend: sqlite, clock: options.clock, logger: options.logger)
        } else {
            retention = nil
        }
        retention?.consider()
    }

    /// Opens (or creates) the database in the file at `path` and applies pending migrations.
    ///
    /// Throws ``SheetLogError/Code/schemaTooNew`` for a file written by a newer SheetLog,
    /// ``SheetLogError/Code/storage`` when SQLite cannot open it, and
    /// ``SheetLogError/Code/invalidInput`` when a key or value of `options.metadata` holds a
    /// control or bidi formatting character.
    public static func open(path: String, options: Options = .init()) throws -> SheetLogDatabase {
        try requirePrintableMetadata(options.metadata)
        _ = try options.retention.horizon()
        let backend = try SQLiteBackend.open(path: path, configuration: options.storeConfiguration, sealing: options.sealingRequest())
        try options.fileProtection.apply(toDatabaseAt: path)
        return SheetLogDatabase(backend: backend, options: options, path: path)
    }

    /// Opens the database in an existing file and applies pending migrations; never creates a file.
    ///
    /// Throws ``SheetLogError/Code/notFound`` ("no SheetLog database at PATH"), creating nothing, when
    /// nothing is at `path`, when the file is empty, or when it is an SQLite database without a
    /// SheetLog log; otherwise as ``open(path:options:)``.
    public static func openExisting(path: String, options: Options = .init()) throws -> SheetLogDatabase {
        try requirePrintableMetadata(options.metadata)
        _ = try options.retention.horizon()
        let backend = try SQLiteBackend.openExisting(path: path, configuration: options.storeConfiguration, sealing: options.sealingRequest())
        try options.fileProtection.apply(toDatabaseAt: path)
        return SheetLogDatabase(backend: backend, options: options, path: path)
    }

    /// Opens an existing database for reading only: replay, recovery lists, audit, stats, export and
    /// ``verify()`` work, nothing is ever written to the file (so its checksum stays the same), and
    /// every command that would write throws ``SheetLogError/Code/readOnly``. `verify()` compares the
    /// read models with a rebuild made in a private temporary copy.
    ///
    /// The file must exist and carry every migration of this build; a newer file is refused.
    public static func openForReading(path: String, options: Options = .init()) throws -> SheetLogDatabase {
        let backend = try SQLiteBackend.openForReading(path: path, configuration: options.storeConfiguration, sealing: options.sealingRequest())
        return SheetLogDatabase(backend: backend, options: options, path: path)
    }

    /// A database in memory, gone when released: for tests, previews and demos.
    public static func inMemory(options: Options = .init()) throws -> SheetLogDatabase {
        try requirePrintableMetadata(options.metadata)
        _ = try options.retention.horizon()
        let backend = try SQLiteBackend.inMemory(configuration: options.storeConfiguration, sealing: options.sealingRequest())
        return SheetLogDatabase(backend: backend, options: options, path: nil)
    }

    /// True when nothing is at `path` yet and its folder lets a file be created there; false when a
    /// file is there. Throws what is wrong with the path otherwise (no such folder, permission
    /// denied, a directory …). For a writer that creates the file only once it has something to write.
    public static func fileNeedsCreating(at path: String) throws -> Bool {
        try SQLiteEventStore.fileNeedsCreating(at: path)
    }

    /// Closes the database's SQLite connections now rather than when it is released; every later
    /// call on it throws. A file's last connection to close checkpoints the WAL into the file.
    public func close() throws {
        retention?.close()
        try backend.close()
    }

    /// A recorder bound to one session.
    public func session(_ id: String) -> SessionRecorder {
        SessionRecorder(database: self, session: id)
    }

    /// Every event after `position`, then each new one as it commits; ends when the consuming task is cancelled.
    public func subscribe(after position: Int64 = 0) -> AsyncThrowingStream<RecordedEvent, any Error> {
        backend.subscribe(after: position)
    }
}
