import GRDB
import SheetLogCore

extension SQLiteEventStore {
    /// Rebuilds the sheet read models from the whole log in one transaction (nothing for a bare log).
    @concurrent
    public func rebuildProjections() async throws {
        try refuseWriteIfReadOnly("rebuildProjections")
        guard let sheets = configuration.sheets else { return }
        try await inImmediateTransaction("rebuildProjections", commit: true) { db in
            try sheets.rebuild(in: db)
        }
    }

    /// Compares the sheet read models' tables with a rebuild from the log, then rolls back so that
    /// nothing changes. Returns one mismatch per differing table, empty when all agree (and for a bare log).
    ///
    /// The rebuild runs in a transaction that is rolled back, which still needs the write lock. A
    /// store opened for reading only (``init(readingFileAt:configuration:)``) never writes to its file:
    /// it copies the database (SQLite's backup, one consistent snapshot) into a private temporary
    /// database first, which takes as much temporary disk space as the database, and compares there.
    @concurrent
    public func verifyProjections() async throws -> [ProjectionMismatch] {
        guard let sheets = configuration.sheets else { return [] }
        if isReadOnly {
            let scratch: DatabaseQueue
            do {
                // An empty path is SQLite's private temporary database, deleted when it closes.
                scratch = try DatabaseQueue(path: "")
                try writer.backup(to: scratch)
            } catch {
                throw SheetLogError.wrapping(error, operation: "copying the database at \(location) to verify its projections")
            }
            defer { try? scratch.close() }
            return try await inImmediateTransaction("verifyProjections", on: scratch, commit: false) { db in
                // A sealed file older than 0017 holds cells a rebuild no longer writes: the copy takes
                // the migration's rewrite first, as the file will when a writer opens it.
                if try !SchemaMigrator().appliedMigrations(db).contains(where: { $0.number == 17 }) {
                    try SealedCellRerender.apply(db)
                }
                return try Self.compare(sheets, in: db)
            }
        }
        return try await inImmediateTransaction("verifyProjections", commit: false) { db in
            try Self.compare(sheets, in: db)
        }
    }

    /// One mismatch per table of `sheets` whose rows differ from a rebuild, which is left in the
    /// transaction for the caller to roll back.
    private static func compare(_ sheets: SheetProjection, in db: Database) throws -> [ProjectionMismatch] {
        let stored = try sheets.tables.map { try TableDump(table: $0, in: db) }
        try sheets.rebuild(in: db)
        var mismatches: [ProjectionMismatch] = []
        for storedTable in stored {
            let rebuilt = try TableDump(table: storedTable.table, in: db)
            let json = sheets.jsonColumns[storedTable.table] ?? []
            if let mismatch = storedTable.firstDifference(from: rebuilt, projection: sheets.name, jsonColumns: json) {
                mismatches.append(mismatch)
            }
        }
        return mismatches
    }

    /// Runs `body` inside BEGIN IMMEDIATE on `database` (the store's own by default), then commits or
    /// rolls back; rolls back on any error.
    private func inImmediateTransaction<T: Sendable>(
        _ operation: String, on database: (any DatabaseWriter)? = nil, commit: Bool,
        _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        do {
            return try await (database ?? writer).writeWithoutTransaction { db in
                try db.beginTransaction(.immediate)
                do {
                    let result = try body(db)
                    if commit { try db.commit() } else { try db.rollback() }
                    return result
                } catch {
                    try? db.rollback()
                    throw error
                }
            }
        } catch {
            throw SheetLogError.wrapping(error, operation: operation)
        }
    }
}
