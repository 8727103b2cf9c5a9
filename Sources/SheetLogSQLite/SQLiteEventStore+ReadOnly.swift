import Foundation
import GRDB
import SheetLogCore

extension SQLiteEventStore {
    /// Opens an existing log for reading only: nothing is ever written to the file, so an auditor can
    /// read a copy of a user's database and its checksum stays the same.
    ///
    /// A copy in a read-only folder, or a read-only file, is read too (see ``ReadOnlyConnection``);
    /// one whose `-wal` lies beside it without its `-shm` is refused with what to do.
    ///
    /// The file must exist and be fully migrated by this build's migrations (open it once with
    /// ``init(path:configuration:)`` to migrate it). Appends throw ``SheetLogError/Code/readOnly``.
    ///
    /// ```swift
    /// let store = try SQLiteEventStore(readingFileAt: "evidence.sqlite")
    /// let events = try await store.readAll()
    /// ```
    public convenience init(readingFileAt path: String, configuration: Configuration = .init()) throws {
        // Only a missing file is refused here; SQLite's refusal, if any, is put in words below.
        if let missing = DatabaseFileProblem.find(at: path, writing: false), missing.meansNoFile {
            throw missing.error(path: path, writing: false, context: .init(operation: "opening for reading"))
        }
        let queue: DatabaseQueue
        do {
            queue = try ReadOnlyConnection.open(path: path, busyTimeout: configuration.busyTimeout, label: "SheetLog.readOnly")
            try queue.read { db in try Self.requireCurrentSchema(db, location: path) }
        } catch {
            throw SheetLogError.openingFile(
                SheetLogError.wrapping(error, operation: "opening the database at \(path) for reading"), path: path, writing: false)
        }
        try self.init(readOnlyWriter: queue, location: path, configuration: configuration)
    }

    /// Refuses a database of a newer SheetLog, one whose migrations differ from the shipped ones, and
    /// one that still lacks some of this build's migrations (reading it would need a write) — except
    /// those a reader does without (``SchemaMigration/readersNeedIt``: 0007 to 0016, each saying why).
    private static func requireCurrentSchema(_ db: Database, location: String) throws {
        let migrator = SchemaMigrator()
        try migrator.checkCompatibility(db, location: location)
        let applied = Set(try migrator.appliedMigrations(db).map(\.number))
        // No migration and no event table: another app's database (or an empty file), not an old SheetLog.
        if applied.isEmpty, try !db.tableExists("events") {
            throw SheetLogError(
                .storage, "\(location) is not a SheetLog database: it has none of SheetLog's tables",
                context: .init(operation: "opening for reading"))
        }
        let needed = migrator.migrations.filter(\.readersNeedIt).map(\.number).sorted()
        if let missing = needed.first(where: { !applied.contains($0) }) {
            throw SheetLogError(
                .migrationFailed,
                "the database at \(location) lacks migration \(missing) of this SheetLog; open it for writing once to migrate it",
                context: .init(operation: "opening for reading"))
        }
    }

    /// Thrown by every write on a store opened with ``init(readingFileAt:configuration:)``.
    func refuseWriteIfReadOnly(_ operation: String) throws {
        if isReadOnly {
            throw SheetLogError(
                .readOnly, "the database at \(location) is open for reading only; \(operation) is refused",
                context: .init(operation: operation))
        }
    }
}
