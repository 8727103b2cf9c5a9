import SheetLogCore
import SheetLogDomain
import SheetLogStorage

/// A SheetLog database in one SQLite file (or in memory): the ``SheetLogBackend`` of devices.
///
/// An ``SQLiteEventStore`` that keeps the sheet read models (``SheetProjection``) in every append's
/// transaction, with the SQL of the facade's queries over them (`Queries/`).
///
/// ```swift
/// let backend = try SQLiteBackend.open(path: "/tmp/sheets.sqlite", configuration: .init())
/// let drafts = try await backend.recoverableDrafts()
/// ```
package final class SQLiteBackend: SheetLogBackend, Sendable {
    /// The event log underneath, with the sheet read models among its projections. Writing to it
    /// directly skips every rule of the sheets: for tests and tools.
    package let store: SQLiteEventStore
    /// The file's path, nil in memory: ``statistics()`` counts the file and its WAL.
    package let path: String?

    /// The database's subject keys when it was opened with its master key, none otherwise.
    package var subjectKeys: any SubjectKeys {
        guard let ring = store.configuration.keyRing else { return NoSubjectKeys() }
        return StoreKeys(ring: ring, store: store)
    }

    private init(store: SQLiteEventStore, path: String?) {
        self.store = store
        self.path = path
    }

    /// Opens (or creates) the log in the file at `path` and applies pending migrations (see
    /// ``SQLiteEventStore/init(path:configuration:)``).
    package static func open(
        path: String, configuration: SQLiteEventStore.Configuration, sealing: SealingRequest? = nil
    ) throws -> SQLiteBackend {
        try refuseMismatchedKey(at: path, sealing, busyTimeout: configuration.busyTimeout)
        let configuration = keepingSheets(configuration, sealing)
        return try settled(SQLiteBackend(store: try SQLiteEventStore(path: path, configuration: configuration), path: path), sealing)
    }

    /// Opens the log in an existing file; never creates one (see ``SQLiteEventStore/init(existingFileAt:configuration:)``).
    package static func openExisting(
        path: String, configuration: SQLiteEventStore.Configuration, sealing: SealingRequest? = nil
    ) throws -> SQLiteBackend {
        try refuseMismatchedKey(at: path, sealing, busyTimeout: configuration.busyTimeout)
        let configuration = keepingSheets(configuration, sealing)
        return try settled(
            SQLiteBackend(store: try SQLiteEventStore(existingFileAt: path, configuration: configuration), path: path), sealing)
    }

    /// Opens an existing log for reading only (see ``SQLiteEventStore/init(readingFileAt:configuration:)``).
    package static func openForReading(
        path: String, configuration: SQLiteEventStore.Configuration, sealing: SealingRequest? = nil
    ) throws -> SQLiteBackend {
        let configuration = keepingSheets(configuration, sealing)
        return try settled(
            SQLiteBackend(store: try SQLiteEventStore(readingFileAt: path, configuration: configuration), path: path), sealing)
    }

    /// A log in memory, gone when released.
    package static func inMemory(configuration: SQLiteEventStore.Configuration, sealing: SealingRequest? = nil) throws -> SQLiteBackend {
        let configuration = keepingSheets(configuration, sealing)
        return try settled(SQLiteBackend(store: try SQLiteEventStore.inMemory(configuration: configuration), path: nil), sealing)
    }

    private static func settled(_ backend: SQLiteBackend, _ sealing: SealingRequest?) throws -> SQLiteBackend {
        do {
            try settleSealing(of: backend.store, sealing)
        } catch {
            try? backend.close()
            throw error
        }
        return backend
    }

    /// `configuration` with a fresh ``SheetProjection``: it caches the sessions it folded, so each
    /// store gets its own.
    private static func keepingSheets(
        _ configuration: SQLiteEventStore.Configuration, _ sealing: SealingRequest?
    ) -> SQLiteEventStore.Configuration {
        var configuration = configuration
        if let sealing { configuration.keyRing = SubjectKeyRing(master: sealing.master, defaultSubject: sealing.defaultSubject) }
        return configuration.keepingSheets(SheetProjection(ring: configuration.keyRing))
    }

    package func close() throws {
        try store.close()
    }
}
