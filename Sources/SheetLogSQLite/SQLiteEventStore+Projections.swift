import GRDB
import SheetLogCore

extension SQLiteEventStore {
    /// Rebuilds every configured projection from the whole log in one transaction.
    public func rebuildProjections() async throws {
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

/// Every row of a table, ordered by all its columns, for comparison.
struct TableDump {
    var table: String
    var columns: [String]
    var rows: [[DatabaseValue]]

    init(table: String, in db: Database) throws {
        self.table = table
        columns = try db.columns(in: table).map(\.name)
        let order = (1...max(1, columns.count)).map(String.init).joined(separator: ", ")
        let fetched = try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier) ORDER BY \(order)")
        rows = fetched.map { row in Array(row.databaseValues) }
    }

    func firstDifference(from rebuilt: TableDump, projection: String) -> ProjectionMismatch? {
        for index in 0..<max(rows.count, rebuilt.rows.count) {
            guard index < rows.count, index < rebuilt.rows.count else {
                return mismatch(row: index, columns: [], rebuilt: rebuilt, projection: projection)
            }
            if rows[index] != rebuilt.rows[index] {
                let differing = columns.indices.filter { rows[index][$0] != rebuilt.rows[index][$0] }.map { columns[$0] }
                return mismatch(row: index, columns: differing, rebuilt: rebuilt, projection: projection)
            }
        }
        return nil
    }

    private func mismatch(row index: Int, columns: [String], rebuilt: TableDump, projection: String) -> ProjectionMismatch {
        ProjectionMismatch(projection: projection, table: table, row: index + 1, columns: columns,
                           storedRowCount: rows.count, rebuiltRowCount: rebuilt.rows.count)
    }
}
