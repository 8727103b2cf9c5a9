import GRDB
import GRDBSQLite

extension Statement {
    /// Runs the statement once with the parameters `bind` sets, in order, through ``StatementBinder``.
    ///
    /// Every parameter must be bound: the count is checked before the statement runs, so a
    /// forgotten value fails loudly instead of being NULL.
    package func execute(binding bind: (inout StatementBinder) -> Void) throws {
        try bindAll(bind)
        try execute()
    }

    /// The first column of the first row the statement returns with the parameters `bind` sets,
    /// nil when it returns no row (or NULL): a single-value read without building a GRDB `Row`
    /// (which maps every column name of the statement, each time).
    package func fetchValue<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ type: Value.Type, binding bind: (inout StatementBinder) -> Void = { _ in }
    ) throws -> Value? {
        try bindAll(bind)
        return try Value.fetchOne(self)
    }

    /// The UTF-8 bytes of text column `index` of the row the statement is on (nil for NULL),
    /// valid only inside `body`: for matching short enum texts without making a `String` of each.
    package func withTextBytes<T>(atColumn index: Int, _ body: (UnsafeBufferPointer<UInt8>?) throws -> T) rethrows -> T {
        let column = Int32(index)
        guard let text = sqlite3_column_text(sqliteStatement, column) else { return try body(nil) }
        let count = Int(sqlite3_column_bytes(sqliteStatement, column))
        return try body(UnsafeBufferPointer(start: text, count: count))
    }

    /// Binds every parameter through `bind`, after a reset, and checks that none was forgotten.
    private func bindAll(_ bind: (inout StatementBinder) -> Void) throws {
        // Resets the statement, clears earlier bindings and tells GRDB the (empty) arguments are
        // bound, so that its own execution neither rebinds nor validates them.
        setUncheckedArguments(StatementArguments())
        var binder = StatementBinder(sqliteStatement)
        bind(&binder)
        let expected = sqlite3_bind_parameter_count(sqliteStatement)
        guard binder.index == expected else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "bound \(binder.index) of \(expected) parameters", sql: sql)
        }
    }
}
