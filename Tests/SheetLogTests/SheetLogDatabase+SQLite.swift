import SheetLog
import SheetLogSQLite

extension SheetLogDatabase {
    /// The SQLite store under the database, for tests that read or change the file behind SheetLog's back.
    var sqliteStore: SQLiteEventStore { (backend as! SQLiteBackend).store }
}
