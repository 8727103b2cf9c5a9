import SheetLog

extension SheetLogError {
    /// Whether the database handle that threw this must not be written through again: an unknown
    /// COMMIT outcome (the store's rule: never retry on the same handle), a full disk, or SQLite
    /// reporting I/O failure, corruption, or a file it can no longer open or write.
    ///
    /// A busy or locked database, a refused command or a bad line leave the handle usable.
    var leavesHandleUnusable: Bool {
        if code == .commitOutcomeUnknown || code == .storageFull || code == .closed { return true }
        guard code == .storage, let sqliteCode = context.sqliteCode else { return false }
        return Self.unusablePrimaryCodes.contains(sqliteCode & 0xFF)
    }

    /// SQLITE_NOMEM, SQLITE_READONLY, SQLITE_IOERR, SQLITE_CORRUPT, SQLITE_FULL, SQLITE_CANTOPEN,
    /// SQLITE_PROTOCOL and SQLITE_NOTADB (the primary result codes: the low byte of an extended code).
    private static let unusablePrimaryCodes: Set<Int32> = [7, 8, 10, 11, 13, 14, 15, 26]
}
