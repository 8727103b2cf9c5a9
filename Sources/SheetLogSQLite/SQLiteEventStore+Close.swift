import GRDB
import SheetLogCore

extension SQLiteEventStore {
    /// Closes the store's SQLite connections now rather than when the store is released; every later
    /// call throws. The last connection to a file checkpoints its WAL into the file and removes the
    /// `-wal` and `-shm` files.
    public func close() throws {
        do {
            switch writer {
            case let pool as DatabasePool:
                // The readers first: GRDB closes the writer before them (groue/GRDB.swift#739), and a
                // read-only connection closing last cannot checkpoint, which left the whole WAL
                // (megabytes) beside the file. With the writer last, SQLite checkpoints and removes it.
                pool.releaseMemory()
                try pool.close()
            case let queue as DatabaseQueue: try queue.close()
            default: break
            }
        } catch {
            throw SheetLogError.wrapping(error, operation: "closing the database at \(location)")
        }
    }
}
