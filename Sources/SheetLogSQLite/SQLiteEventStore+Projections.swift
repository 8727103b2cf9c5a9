import GRDB
import SheetLogCore

extension SQLiteEventStore {
    /// Rebuilds every configured projection from the whole log in one transaction.
    public func rebuildProjections() async throws {
        try refuseWriteIfReadOnly("rebuildProjections")
        let projections = configuration.projections
        try await inImmediateTransaction("rebuildProjections", commit: true) { db in
            for projection in projections {
                try projection.rebuild(from: EventLogReader(db: db), in: db)
            }
        }
    }

    /// Compares every projection's tables with a rebuild from the log, then rolls back so that
    /// nothing changes. Returns one mismatch per differing table, empty when all agree.
    public func verifyProjections() async throws -> [ProjectionMismatch] {
        // The rebuild it compares with runs in a transaction that is rolled back, which still needs the write lock.
        try refuseWriteIfReadOnly("verifyProjections")
        let projections = configuration.projections
        return try await inImmediateTransaction("verifyProjections", commit: false) { db in
            var stored: [[TableDump]] = []
            for projection in projections {
                stored.append(try projection.tables.map { try TableDump(table: $0, in: db) })
            }
            var mismatches: [ProjectionMismatch] = []
            for (projection, storedTables) in zip(projections, stored) {
                try projection.rebuild(from: EventLogReader(db: db), in: db)
                for storedTable in storedTables {
                    let rebuilt = try TableDump(table: storedTable.table, in: db)
                    if let mismatch = storedTable.firstDifference(from: rebuilt, projection: projection.name) {
                        mismatches.append(mismatch)
                    }
                }
            }
            return mismatches
        }
    }

    /// Runs `body` inside BEGIN IMMEDIATE, then commits or rolls back; rolls back on any error.
    private func inImmediateTransaction<T: Sendable>(
        _ operation: String, commit: Bool, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        do {
            return try await writer.writeWithoutTransaction { db in
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
