import GRDBSQLite

/// The row a statement stepped with SQLite's C API is on (``Statement/forEachRow(binding:_:)``), read
/// column by column by index: no GRDB `Row`, which maps the statement's column names and boxes
/// each value it reads. Valid only inside the call that hands it over.
package struct DirectRow {
    let statement: OpaquePointer

    /// The integer in column `index`; 0 for NULL, as SQLite converts it.
    package func int64(_ index: Int32) -> Int64 {
        sqlite3_column_int64(statement, index)
    }

    /// The integer in column `index`, nil for NULL.
    package func optionalInt64(_ index: Int32) -> Int64? {
        sqlite3_column_type(statement, index) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, index)
    }

    /// Column `index` read as a boolean: any non-zero integer is true.
    package func bool(_ index: Int32) -> Bool {
        sqlite3_column_int64(statement, index) != 0
    }

    /// The UTF-8 bytes of text column `index` (nil for NULL), valid only inside `body`: for matching
    /// short enum texts, or reusing an earlier row's `String`, without making one for each row.
    package func withTextBytes<T>(_ index: Int32, _ body: (UnsafeBufferPointer<UInt8>?) throws -> T) rethrows -> T {
        guard let text = sqlite3_column_text(statement, index) else { return try body(nil) }
        return try body(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, index))))
    }
}
