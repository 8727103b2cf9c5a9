import Foundation
import GRDB
import SheetLogDomain
import SheetLogStorage

extension SQLiteBackend {
    package func base(of session: String) async throws -> SessionBase? {
        try await readModels("pruning") { db in try SQLiteEventStore.base(of: session, in: db, migrated: false) }
    }

    package func logBase() async throws -> LogBase? {
        try await readModels("log base") { db in try SQLiteEventStore.logBase(in: db) }
    }

    package func baseImage() async throws -> LogBaseImage? {
        let ring = store.configuration.keyRing
        return try await readModels("base image") { db in
            try SQLiteEventStore.baseImage(keys: ring?.snapshot(in: db) ?? NoSubjectKeys(), in: db)
        }
    }

    package func installBase(_ image: LogBaseImage) async throws -> Bool {
        try store.installBase(image) == .installed
    }

    /// Free pages returned by one write of the incremental vacuum (1 MB of 4 KB pages): like a
    /// prune's steps, the vacuum holds the write lock for a chunk at a time.
    static let vacuumChunkPages = 256

    /// ``SQLiteEventStore/prune(before:stepEvents:shouldContinue:)`` in steps, then the space: an
    /// incremental file returns its free pages (`PRAGMA incremental_vacuum`, a chunk per write), then
    /// the WAL is checkpointed. An older file (auto_vacuum NONE) is converted once (`PRAGMA
    /// auto_vacuum = INCREMENTAL; VACUUM`, outside the steps) when `converting`; automatic retention
    /// never does, since a VACUUM holds the file for as long as it takes to copy it.
    package func prune(
        before: Int64, converting: Bool = true, stepEvents: Int64 = SQLiteEventStore.pruneStepEvents
    ) async throws -> PruneReport {
        try pruneInSteps(before: before, converting: converting, stepEvents: stepEvents)
    }

    /// ``prune(before:converting:stepEvents:)`` on the calling thread, asking `shouldContinue`
    /// before each use of the database after the first step (between steps, vacuum chunks and the
    /// checkpoint): for automatic retention, which runs it on a queue of its own and stops it when
    /// the database closes.
    package func pruneInSteps(
        before: Int64, converting: Bool = true, stepEvents: Int64 = SQLiteEventStore.pruneStepEvents,
        shouldContinue: () -> Bool = { true }
    ) throws -> PruneReport {
        // A writer of a sealed file, as every other: refused without its master key.
        let sealed: Bool
        do {
            sealed = try store.configuration.keyRing == nil && store.readOnCallingThread { db in try SealingRecord.read(in: db) != nil }
        } catch {
            throw SheetLogError.wrapping(error, operation: "prune")
        }
        if sealed { throw SealingRecord.keyUnavailable(at: store.location) }
        let sizeBefore = fileBytes()
        var report = try store.prune(before: before, stepEvents: stepEvents, shouldContinue: shouldContinue)
        guard report.removedEvents > 0 else { return report }
        do {
            report.convertedToIncrementalVacuum = try returnSpace(
                converting: converting, truncatingCheckpoint: converting, shouldContinue: shouldContinue)
        } catch {
            throw SheetLogError.wrapping(error, operation: "returning the pruned space")
        }
        report.bytesFreed = sizeBefore - fileBytes()
        return report
    }

    /// Returns the free pages to the file system and checkpoints; true when it converted an older file.
    private func returnSpace(converting: Bool, truncatingCheckpoint: Bool, shouldContinue: () -> Bool) throws -> Bool {
        guard shouldContinue() else { return false }
        let mode = try store.writeOnCallingThread { db in try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") ?? 0 }
        var converted = false
        switch mode {
        case 0 where converting:
            try store.writeOnCallingThread { db in
                try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
                try db.execute(sql: "VACUUM")
            }
            converted = true
        case 2:
            while shouldContinue() {
                let free = try store.writeInBackgroundStep { db in
                    try db.execute(sql: "PRAGMA incremental_vacuum(\(Self.vacuumChunkPages))")
                    return try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
                }
                if free == 0 { break }
            }
        default:
            break  // NONE left as it is, or FULL, which returns pages at each commit
        }
        // The file shrinks when the WAL is checkpointed; a reader elsewhere may hold it back (not an
        // error). TRUNCATE waits for the writer lock and holds it while it copies the WAL, so
        // automatic retention checkpoints PASSIVE, beside the app's writes, and leaves the rest to
        // SQLite's own checkpoints.
        guard shouldContinue() else { return converted }
        let checkpoint = truncatingCheckpoint ? "TRUNCATE" : "PASSIVE"
        try store.writeOnCallingThread { db in _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(\(checkpoint))") }
        return converted
    }

    /// The file plus its WAL, 0 in memory.
    private func fileBytes() -> Int64 {
        path.map { Self.fileSize($0) + Self.fileSize($0 + "-wal") } ?? 0
    }
}
