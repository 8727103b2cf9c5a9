import GRDB
import SheetLogCore

extension SheetLogError {
    /// SQLite's error as a ``SheetLogError``: ``Code/storageFull`` for `SQLITE_FULL`, ``Code/busy`` for
    /// `SQLITE_BUSY` (another process held the lock past the busy timeout), ``Code/storage``
    /// otherwise, with SQLite's extended result code in the context.
    ///
    /// The message holds SQLite's own message only. GRDB's description is never used because it
    /// carries the statement's arguments, and arguments are payloads and form values.
    public static func storage(_ error: DatabaseError, operation: String, context: Context = Context()) -> SheetLogError {
        var context = context
        if context.operation == nil { context.operation = operation }
        context.sqliteCode = error.extendedResultCode.rawValue
        if error.resultCode == .SQLITE_BUSY {
            return SheetLogError(
                .busy, "\(operation) failed: the database is busy (locked by another process); try again", context: context)
        }
        if error.isInterruptionError {
            // SheetLog interrupts SQLite for nothing else: a cancelled task surfaces as CancellationError.
            return SheetLogError(
                .suspended,
                "\(operation) refused: the database is suspended (the app is going to the background), nothing was written; try again after the resume notification",
                context: context)
        }
        let code: Code = error.resultCode == .SQLITE_FULL ? .storageFull : .storage
        let detail = error.message ?? "SQLite error"
        return SheetLogError(code, "\(operation) failed in SQLite: \(detail) (SQLite code \(error.extendedResultCode.rawValue))", context: context)
    }

    /// Any error thrown by a database access, as SheetLog reports it.
    ///
    /// A ``SheetLogError`` and a `CancellationError` pass through unchanged; a `DatabaseError` is mapped
    /// by ``storage(_:operation:context:)``; anything else is named by its type only, since its
    /// description may hold values.
    static func wrapping(_ error: any Error, operation: String, context: Context = Context()) -> any Error {
        switch error {
        case let error as SheetLogError:
            return error
        case let error as DatabaseError:
            return storage(error, operation: operation, context: context)
        case is CancellationError:
            return error
        default:
            var context = context
            if context.operation == nil { context.operation = operation }
            return SheetLogError(.storage, "\(operation) failed with an error of type \(type(of: error))", context: context)
        }
    }
}
