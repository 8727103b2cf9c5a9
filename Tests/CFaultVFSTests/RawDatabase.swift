import CFaultVFS
import Foundation

/// A minimal connection over SQLite's C API, so the VFS is proven without any wrapper library.
final class RawDatabase {
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    let handle: OpaquePointer

    /// Opens `path` through the named VFS (`nil`: the default VFS) with extended result codes on.
    init(path: String, vfs: String?, flags: Int32 = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) throws {
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, flags, vfs)
        guard code == SQLITE_OK, let connection else {
            sqlite3_close_v2(connection)
            throw RawDatabaseError(code: code, message: "open failed")
        }
        sqlite3_extended_result_codes(connection, 1)
        handle = connection
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs SQL statements and returns SQLite's extended result code.
    @discardableResult
    func execute(_ sql: String) -> Int32 {
        sqlite3_exec(handle, sql, nil, nil, nil)
    }

    /// Runs one statement with text or integer arguments and returns the extended result code.
    func run(_ sql: String, _ arguments: [Any]) -> Int32 {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK else { return prepared }
        defer { sqlite3_finalize(statement) }
        for (index, argument) in arguments.enumerated() {
            let position = Int32(index + 1)
            if let text = argument as? String {
                sqlite3_bind_text(statement, position, text, -1, Self.transient)
            } else if let number = argument as? Int {
                sqlite3_bind_int64(statement, position, sqlite3_int64(number))
            }
        }
        let stepped = sqlite3_step(statement)
        return stepped == SQLITE_DONE ? SQLITE_OK : stepped
    }

    /// The rows of a query as text columns, or a thrown error with the result code.
    func rows(_ sql: String) throws -> [[String]] {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK else {
            throw RawDatabaseError(code: prepared, message: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        var result: [[String]] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return result }
            guard code == SQLITE_ROW else {
                throw RawDatabaseError(code: code, message: String(cString: sqlite3_errmsg(handle)))
            }
            let columns = (0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
            }
            result.append(columns)
        }
    }

    /// The first column of the first row of a query.
    func scalar(_ sql: String) throws -> String? {
        try rows(sql).first?.first
    }

    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// The name of the VFS the main database was opened with.
    var vfsName: String? {
        var vfs: UnsafeMutablePointer<sqlite3_vfs>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_VFS_POINTER, &vfs) == SQLITE_OK,
              let name = vfs?.pointee.zName
        else { return nil }
        return String(cString: name)
    }
}

struct RawDatabaseError: Error, CustomStringConvertible {
    let code: Int32
    let message: String
    var description: String { "SQLite error \(code): \(message)" }
}
