import GRDB

extension SQLiteEventStore {
    /// Runs `body` in a write access (no transaction opened for it) on the thread that calls.
    ///
    /// The store's async methods use this instead of GRDB's async accesses. An append or a read
    /// of this log is short and waits on nothing but SQLite (its fsync under `.full`, and another
    /// process's write lock for at most the busy timeout), and handing it to GRDB's queue and
    /// back costs two thread wake-ups: measured on the 2-core build machine, about 85 µs of a
    /// 240 µs audit query and a similar share of an append — more than SQLite's own work. The
    /// methods calling this are `nonisolated async`, so the thread held is one of the global
    /// concurrent executor's, never the main actor's.
    package func writeOnCallingThread<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.writeWithoutTransaction(body)
    }

    /// Runs `body` in a read transaction (a pool reader for a file) on the thread that calls;
    /// see ``writeOnCallingThread(_:)``.
    package func readOnCallingThread<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.read(body)
    }

    /// Runs `body`, which runs ONE statement, in a read access without a transaction around it, on
    /// the thread that calls: the statement reads one snapshot on its own (SQLite's autocommit),
    /// and the BEGIN and COMMIT of ``readOnCallingThread(_:)`` were a tenth of a short audit query.
    /// Reads of more than one statement, which must agree with one another, use a transaction.
    package func readStatementOnCallingThread<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.unsafeRead(body)
    }

    /// Runs `body` in a read transaction on GRDB's reader queue, for the long reads (SQLite's
    /// `integrity_check` walks every page): no thread of the concurrent executor waits for the whole
    /// file, and cancelling the task interrupts SQLite (`CancellationError`).
    package func readInBackground<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await writer.read(body)
    }
}
