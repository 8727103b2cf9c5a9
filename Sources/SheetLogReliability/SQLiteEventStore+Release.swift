import GRDB
import SheetLogSQLite

extension SQLiteEventStore {
    /// Closes the store's SQLite connections now rather than at deinit, as a crashed or restarted
    /// process would have them closed before the file is opened again.
    package func releaseConnections() throws {
        switch writer {
        case let pool as DatabasePool: try pool.close()
        case let queue as DatabaseQueue: try queue.close()
        default: break
        }
    }
}
