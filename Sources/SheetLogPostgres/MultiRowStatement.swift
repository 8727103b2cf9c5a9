import PostgresNIO

/// Rows sent as multi-row statements: `VALUES ($1,…,$n),(…)` with every value bound, as many rows per
/// statement as keep the binds under PostgreSQL's 65,535 (and the statement text small).
///
/// One statement per row made an import's read-model rows thousands of round trips per batch.
struct MultiRowStatement {
    /// The bound values of each row, in column order.
    let columns: Int
    /// Builds the SQL of one statement from its `VALUES` list.
    let sql: (_ values: String) -> String

    /// The statements that send `rows`, at most `rowsPerStatement` rows each; `bind` appends one
    /// row's `columns` values.
    func queries<Row>(
        _ rows: some Collection<Row>, rowsPerStatement: Int = 1_000, bind: (Row, inout PostgresBindings) -> Void
    ) -> [PostgresQuery] {
        var queries: [PostgresQuery] = []
        var pending = rows[...]
        while !pending.isEmpty {
            let chunk = pending.prefix(rowsPerStatement)
            pending = pending.dropFirst(chunk.count)
            var bindings = PostgresBindings(capacity: chunk.count * columns)
            var values = ""
            values.reserveCapacity(chunk.count * columns * 6)
            for row in chunk {
                let before = bindings.count
                bind(row, &bindings)
                precondition(bindings.count - before == columns, "a row binds \(columns) values")
                values += values.isEmpty ? "(" : ",("
                for index in before + 1...before + columns {
                    values += index == before + 1 ? "$\(index)" : ",$\(index)"
                }
                values += ")"
            }
            queries.append(PostgresQuery(unsafeSQL: sql(values), binds: bindings))
        }
        return queries
    }
}
