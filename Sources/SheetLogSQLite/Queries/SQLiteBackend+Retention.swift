import Foundation
import GRDB
import SheetLogStorage

extension SQLiteBackend {
    package func pruning(of session: String) async throws -> SessionPruning? {
        try await readModels("pruning") { db in try SQLiteEventStore.pruning(of: session, in: db, migrated: false) }
    }

    package func logBase() async throws -> LogBase? {
        try await readModels("log base") { db in try SQLiteEventStore.logBase(in: db) }
    }

    /// ``SQLiteEventStore/prune(before:)``, then the space: after the commit, an incremental file
    /// returns its free pages (`PRAGMA incremental_vacuum`); an older file (auto_vacuum NONE) is
    /// converted once (`PRAGMA auto_vacuum = INCREMENTAL; VACUUM`), outside the transaction.
    package func prune(before: Int64) async throws -> PruneReport {
        // A writer of a sealed file, as every other: refused without its master key.
        if store.configuration.keyRing == nil, try await readModels("prune", { db in try SealingRecord.read(in: db) != nil }) {
            throw SealingRecord.keyUnavailable(at: store.location)
        }
        let sizeBefore = fileBytes()
        var report = try store.prune(before: before)
        guard report.removedEvents > 0 else { return report }
        do {
            report.convertedToIncrementalVacuum = try store.writeOnCallingThread { db in
                let converting = try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") == 0
                if converting {
                    try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
                    try db.execute(sql: "VACUUM")
                } else {
                    try db.execute(sql: "PRAGMA incremental_vacuum")
                }
                // The file shrinks when the WAL is checkpointed; a reader elsewhere may hold it back (not an error).
                _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                return converting
            }
        } catch {
            throw SheetLogError.wrapping(error, operation: "returning the pruned space")
        }
        report.bytesFreed = sizeBefore - fileBytes()
        return report
    }

    /// The file plus its WAL, 0 in memory.
    private func fileBytes() -> Int64 {
        path.map { Self.fileSize($0) + Self.fileSize($0 + "-wal") } ?? 0
    }
}
