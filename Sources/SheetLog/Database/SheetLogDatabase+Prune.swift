import Foundation
import SheetLogSQLite

extension SheetLogDatabase {
    /// Removes the longest prefix of the log recorded (the store's clock) before `before` that the
    /// collector acknowledged when the file pushes. A session with events in it is removed whole when
    /// it lies in it and is finished (no draft `recover` offers, and ended or with nothing on its
    /// stack and no confirmation pending); any other is carried: its state at its last removed event
    /// is kept in the base, and its kept events go on from it (``recoverableDrafts()`` still offers
    /// its draft with every value; ``replay(_:)`` begins from the base). It runs in steps of at most
    /// 100 positions, each a short transaction that writes its base (the chain the first kept event
    /// links to, what was removed, the removed erasures, the carried states) and deletes, then a
    /// checkpoint of its own, so that an append waits for one step or one checkpoint at most (a few
    /// milliseconds); then the file returns the space, in chunks alike.
    ///
    /// A second prune at the same time removes nothing and writes nothing. A session removed whole is
    /// gone: its readers and every command naming it are refused with ``SheetLogError/Code/pruned``.
    ///
    /// ```swift
    /// let report = try await database.prune(before: Date().addingTimeInterval(-14 * 86_400))
    /// print("removed \(report.removedEvents) events, \(report.bytesFreed) bytes; \(report.stoppedBy)")
    /// ```
    @concurrent
    public func prune(before: Date) async throws -> PruneReport {
        guard let sqlite = backend as? SQLiteBackend else {
            throw SheetLogError(.invalidInput, "only a device's SQLite log is pruned; the fleet keeps its own retention", context: .init(operation: "prune"))
        }
        return try await sqlite.prune(before: Int64((before.timeIntervalSince1970 * 1_000).rounded(.down)))
    }

    /// The automatic prunes of ``Options/retention`` started and finished since this handle opened
    /// (0 and 0 without a retention).
    package var automaticPrunes: (started: Int, completed: Int) {
        retention?.runs ?? (0, 0)
    }

    /// Where the kept log begins when the log was pruned (the latest cut, every prune's totals); nil when never pruned.
    @concurrent
    public func logBase() async throws -> LogBase? {
        try await backend.logBase()
    }
}
