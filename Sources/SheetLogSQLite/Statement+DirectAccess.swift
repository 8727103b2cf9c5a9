import GRDB
import GRDBSQLite

extension Statement {
    /// Runs the statement once with the parameters `bind` sets, in order, through ``StatementBinder``.
    ///
    /// Every parameter must be bound: the count is checked before the statement runs, so a
    /// forgotten value fails loudly instead of being NULL. A statement that writes must run inside
    /// a transaction (see ``stepDirectly(_:)``).
    package func execute(binding bind: (inout StatementBinder) -> Void) throws {
        try bindAll(bind)
        _ = try stepDirectly { _ in () }
    }

    /// The first column of the first row the statement returns with the parameters `bind` sets,
    /// nil when it returns no row (or NULL): a single-value read without building a GRDB `Row`
    /// (which maps every column name of the statement, each time).
    package func fetchValue<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ type: Value.Type, binding bind: (inout StatementBinder) -> Void = { _ in }
    ) throws -> Value? {
        try bindAll(bind)
        return try stepDirectly { Value.fromStatement($0, atUncheckedIndex: 0) } ?? nil
    }

    /// Calls `row` for each row the statement returns with the parameters `bind` sets, stepped
    /// with SQLite's C API (``stepDirectly(_:)``); `row` reads the columns from the statement.
    package func forEachRow(
        binding bind: (inout StatementBinder) -> Void, _ row: (DirectRow) throws -> Void
    ) throws {
        try bindAll(bind)
        let connection = sqlite3_db_handle(sqliteStatement)
        defer { sqlite3_reset(sqliteStatement) }
        while true {
            switch sqlite3_step(sqliteStatement) {
            case SQLITE_ROW: try row(DirectRow(statement: sqliteStatement))
            case SQLITE_DONE: return
            case let code: throw failure(code, connection: connection)
            }
        }
    }

    /// Resets the statement, binds every parameter through `bind` and checks that none was forgotten.
    private func bindAll(_ bind: (inout StatementBinder) -> Void) throws {
        // A failed step's error was taken by the reset after it (`stepDirectly`): this one succeeds.
        sqlite3_reset(sqliteStatement)
        sqlite3_clear_bindings(sqliteStatement)
        var binder = StatementBinder(sqliteStatement)
        bind(&binder)
        let expected = sqlite3_bind_parameter_count(sqliteStatement)
        guard binder.index == expected else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "bound \(binder.index) of \(expected) parameters", sql: sql)
        }
    }

    /// Steps the statement to its end with SQLite's C API and resets it; `row` reads the first row.
    ///
    /// GRDB's own execution checks, for every statement, the dispatch queue, suspension and
    /// cancellation, the transaction observers and the region read; for the append's few
    /// statements per command that was a tenth of an ingest's time. SheetLog registers no
    /// observers, and every statement run here belongs to a transaction that GRDB began (BEGIN
    /// IMMEDIATE is refused while the database is suspended) and ends (ROLLBACK after any error):
    /// so a write outside a transaction is refused here instead of committing on its own, which is
    /// what it would do after an error had rolled the transaction back.
    private func stepDirectly<T>(_ row: (SQLiteStatement) -> T) throws -> T? {
        let connection = sqlite3_db_handle(sqliteStatement)
        let reads = sqlite3_stmt_readonly(sqliteStatement) != 0
        if !reads && sqlite3_get_autocommit(connection) != 0 {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "a write outside a transaction", sql: sql)
        }
        var first: T?
        while true {
            switch sqlite3_step(sqliteStatement) {
            case SQLITE_ROW:
                if first == nil { first = row(sqliteStatement) }
                if reads { sqlite3_reset(sqliteStatement); return first }
            case SQLITE_DONE:
                sqlite3_reset(sqliteStatement)
                return first
            case let code:
                let failure = failure(code, connection: connection)
                sqlite3_reset(sqliteStatement)
                throw failure
            }
        }
    }

    /// SQLite's error for a failed step, read before the reset that clears it.
    private func failure(_ code: Int32, connection: OpaquePointer?) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: sqlite3_extended_errcode(connection)),
            message: sqlite3_errmsg(connection).map { String(cString: $0) } ?? "SQLite error \(code)", sql: sql)
    }
}
