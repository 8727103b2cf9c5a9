import GRDB
import GRDBSQLite

/// Binds values straight into a prepared statement's parameters, in order, with the SQLite C API.
///
/// The append path runs five statements per command with up to 23 parameters each; building
/// GRDB `StatementArguments` (an existential box and a `DatabaseValue` per value, then a bind
/// per value) cost more instructions than SQLite's own work on the row. Texts and blobs are
/// copied by SQLite (`SQLITE_TRANSIENT`), so nothing here outlives the call.
///
/// ```swift
/// try db.cachedStatement(sql: "INSERT INTO t (a, b) VALUES (?, ?)").execute { binder in
///     binder.bind("text")
///     binder.bind(Int64(42))
/// }
/// ```
package struct StatementBinder {
    private let handle: OpaquePointer
    private(set) var index: Int32 = 0

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    /// SQLite's "copy the value now" destructor, which the C macro spells as -1.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private mutating func next() -> Int32 {
        index += 1
        return index
    }

    package mutating func bind(_ value: String) {
        var value = value
        let index = next()
        value.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                if let start = text.baseAddress {
                    _ = sqlite3_bind_text(handle, index, start, Int32(text.count), Self.transient)
                } else {
                    // A NULL pointer would bind NULL: an empty text needs a real one.
                    _ = sqlite3_bind_text(handle, index, "", 0, Self.transient)
                }
            }
        }
    }

    package mutating func bind(_ value: String?) {
        if let value { bind(value) } else { bindNull() }
    }

    package mutating func bind(_ value: Int64) {
        _ = sqlite3_bind_int64(handle, next(), value)
    }

    package mutating func bind(_ value: Int64?) {
        if let value { bind(value) } else { bindNull() }
    }

    package mutating func bind(_ value: Int) {
        bind(Int64(value))
    }

    package mutating func bind(_ value: Int?) {
        bind(value.map(Int64.init))
    }

    package mutating func bind(_ value: Bool) {
        bind(Int64(value ? 1 : 0))
    }

    package mutating func bind(_ value: Bool?) {
        bind(value.map { Int64($0 ? 1 : 0) })
    }

    /// A BLOB (an integrity chain value).
    package mutating func bind(blob bytes: [UInt8]) {
        let index = next()
        bytes.withUnsafeBytes { buffer in
            _ = sqlite3_bind_blob(handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, Int32(buffer.count), Self.transient)
        }
    }

    package mutating func bindNull() {
        _ = sqlite3_bind_null(handle, next())
    }
}

extension Statement {
    /// Runs the statement once with the parameters `bind` sets, in order, through ``StatementBinder``.
    ///
    /// Every parameter must be bound: the count is checked before the statement runs, so a
    /// forgotten value fails loudly instead of being NULL.
    package func execute(binding bind: (inout StatementBinder) -> Void) throws {
        // Resets the statement, clears earlier bindings and tells GRDB the (empty) arguments are
        // bound, so that `execute()` below neither rebinds nor validates them.
        setUncheckedArguments(StatementArguments())
        var binder = StatementBinder(sqliteStatement)
        bind(&binder)
        let expected = sqlite3_bind_parameter_count(sqliteStatement)
        guard binder.index == expected else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE,
                                message: "bound \(binder.index) of \(expected) parameters", sql: sql)
        }
        try execute()
    }
}

extension Statement {
    /// The first column of the first row the statement returns with the parameters `bind` sets,
    /// nil when it returns no row (or NULL): a single-value read without building a GRDB `Row`
    /// (which maps every column name of the statement, each time).
    package func fetchValue<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ type: Value.Type, binding bind: (inout StatementBinder) -> Void = { _ in }
    ) throws -> Value? {
        setUncheckedArguments(StatementArguments())
        var binder = StatementBinder(sqliteStatement)
        bind(&binder)
        let expected = sqlite3_bind_parameter_count(sqliteStatement)
        guard binder.index == expected else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE,
                                message: "bound \(binder.index) of \(expected) parameters", sql: sql)
        }
        return try Value.fetchOne(self)
    }
}

extension Statement {
    /// The UTF-8 bytes of text column `index` of the row the statement is on (nil for NULL),
    /// valid only inside `body`: for matching short enum texts without making a `String` of each.
    package func withTextBytes<T>(atColumn index: Int, _ body: (UnsafeBufferPointer<UInt8>?) throws -> T) rethrows -> T {
        let column = Int32(index)
        guard let text = sqlite3_column_text(sqliteStatement, column) else { return try body(nil) }
        let count = Int(sqlite3_column_bytes(sqliteStatement, column))
        return try body(UnsafeBufferPointer(start: text, count: count))
    }
}
