import GRDB
import SheetLogJSON

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

    /// The first row that differs from `rebuilt`'s; the cells of `jsonColumns` differ only when
    /// they hold different JSON values (an older spelling of the same number is the same).
    func firstDifference(from rebuilt: TableDump, projection: String, jsonColumns: Set<String> = []) -> ProjectionMismatch? {
        let json = Set(columns.indices.filter { jsonColumns.contains(columns[$0]) })
        for index in 0..<max(rows.count, rebuilt.rows.count) {
            guard index < rows.count, index < rebuilt.rows.count else {
                return mismatch(row: index, columns: [], rebuilt: rebuilt, projection: projection)
            }
            if rows[index] != rebuilt.rows[index] {
                let differing = columns.indices.filter { column in
                    let (stored, expected) = (rows[index][column], rebuilt.rows[index][column])
                    return stored != expected && !(json.contains(column) && Self.sameJSON(stored, expected))
                }
                if !differing.isEmpty {
                    return mismatch(row: index, columns: differing.map { columns[$0] }, rebuilt: rebuilt, projection: projection)
                }
            }
        }
        return nil
    }

    /// Whether two cells are texts of the same JSON value; false when either is not JSON text.
    private static func sameJSON(_ stored: DatabaseValue, _ rebuilt: DatabaseValue) -> Bool {
        guard let storedText = String.fromDatabaseValue(stored), let rebuiltText = String.fromDatabaseValue(rebuilt),
              let storedValue = try? JSONValue.parse(storedText), let rebuiltValue = try? JSONValue.parse(rebuiltText)
        else { return false }
        return storedValue.isSameValue(as: rebuiltValue)
    }

    private func mismatch(row index: Int, columns: [String], rebuilt: TableDump, projection: String) -> ProjectionMismatch {
        ProjectionMismatch(projection: projection, table: table, row: index + 1, columns: columns,
                           storedRowCount: rows.count, rebuiltRowCount: rebuilt.rows.count)
    }
}
