import GRDB
import SheetLogCore

extension SheetLogError {
    /// SQLite's primary result codes of a file it could not open, read or write.
    private static let fileResultCodes: Set<Int32> = [
        ResultCode.SQLITE_CANTOPEN.rawValue, ResultCode.SQLITE_IOERR.rawValue, ResultCode.SQLITE_READONLY.rawValue,
        ResultCode.SQLITE_PERM.rawValue, ResultCode.SQLITE_NOTADB.rawValue,
    ]

    /// `error`, thrown while opening the database at `path`, said in the file system's words ("PATH is
    /// a directory", "no such folder: DIR", "cannot open PATH: permission denied") when SQLite's code
    /// is that of a file it could not use and the path shows why; otherwise `error` unchanged.
    ///
    /// SQLite's extended code stays in the context, and the operation too.
    static func openingFile(_ error: any Error, path: String, writing: Bool) -> any Error {
        let sqliteCode: Int32
        var context: Context
        switch error {
        case let error as SheetLogError:
            guard error.code != .busy, let code = error.context.sqliteCode else { return error }
            sqliteCode = code
            context = error.context
        case let error as DatabaseError:
            sqliteCode = error.extendedResultCode.rawValue
            context = Context(operation: "opening the database at \(path)", sqliteCode: sqliteCode)
        default:
            return error
        }
        let primary = sqliteCode & 0xFF
        guard fileResultCodes.contains(primary) else { return error }
        if let problem = DatabaseFileProblem.find(at: path, writing: writing && primary != ResultCode.SQLITE_NOTADB.rawValue),
           !(writing && problem == .missingFile) {
            return problem.error(path: path, writing: writing, context: context)
        }
        if primary == ResultCode.SQLITE_NOTADB.rawValue {
            return SheetLogError(.storage, "\(path) is not a SheetLog database: it is not an SQLite database file", context: context)
        }
        return error
    }
}
