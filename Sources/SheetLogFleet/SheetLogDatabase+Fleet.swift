import SheetLog
import SheetLogPostgres

extension SheetLogDatabase {
    /// Opens one device's SheetLog database in the fleet store at `url`: the facade's recording,
    /// replay, recovery, audit, stats and verify over that device's rows in PostgreSQL.
    ///
    /// The database is migrated first (see `PostgresEventStore.open`). Of `options`, the limits, the
    /// clock and the metadata apply; `durability` and `busyTimeout` are SQLite's and are ignored
    /// (every append commits with PostgreSQL's own durability, under the device's lock).
    /// ``SheetLogDatabase/path`` is nil: the log is in no file.
    ///
    /// Throws ``SheetLogError/Code/invalidInput`` for an unusable URL, a device id that is empty, too
    /// long, or holds a control or bidi formatting character, or such metadata; `connectionFailed`
    /// when PostgreSQL cannot be reached or refuses the login, in one line without the password.
    ///
    /// ```swift
    /// let database = try await SheetLogDatabase.openFleet(url: "postgres://sheetlog@127.0.0.1/fleet", device: "ipad-7")
    /// let drafts = try await database.recoverableDrafts()
    /// ```
    package static func openFleet(url: String, device: String, options: Options = .init()) async throws -> SheetLogDatabase {
        try requirePrintableMetadata(options.metadata)
        try requirePrintable(device, "the device id", operation: "open")
        let backend = try await PostgresBackend.open(url: url, device: device, limits: options.limits, clock: options.clock)
        return SheetLogDatabase(backend: backend, options: options, path: nil)
    }

    /// Opens one device's database on the connection pool of `fleet`, which stays its owner: no
    /// connection and no migration of its own, so that a viewer can hold many devices open at once.
    /// Closing the database leaves `fleet` open. Throws as ``openFleet(url:device:options:)`` does
    /// for the device id and metadata.
    package static func openFleet(on fleet: PostgresFleetReader, device: String, options: Options = .init()) throws -> SheetLogDatabase {
        try requirePrintableMetadata(options.metadata)
        try requirePrintable(device, "the device id", operation: "open")
        let backend = try PostgresBackend.open(device: device, on: fleet, limits: options.limits, clock: options.clock)
        return SheetLogDatabase(backend: backend, options: options, path: nil)
    }
}
