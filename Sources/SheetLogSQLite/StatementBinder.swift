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
