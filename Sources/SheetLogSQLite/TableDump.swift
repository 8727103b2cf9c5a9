import GRDB

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
