import ArgumentParser
import Foundation
import SheetLogReliability
import SheetLogSQLite

extension CrashAppender {
    /// Appends until SQLite reports the disk full, frees space by deleting `ballast`, reopens, resolves
    /// the failed append by its event ids, then goes on with ``appendsAfterFull`` more appends.
    ///
    /// Prints `full <index> <code>`, `resolved <index> stored|absent`, ack lines and `done`.
    func fillDisk(_ workload: Workload, configuration: SQLiteEventStore.Configuration, ballast: String) async throws {
        var store = try SQLiteEventStore(path: path, configuration: configuration)
        emit("open")
        var failedIndex: Int?
        for append in workload.appends {
            do {
                let result = try await store.append(append.batches)
                emit(AckLine(index: append.index, stored: result.events).text)
            } catch let error as SheetLogError where error.code == .storageFull || error.code == .commitOutcomeUnknown {
                emit("full \(append.index) \(error.code)")
                failedIndex = append.index
                break
            }
        }
        guard let failedIndex else { throw ValidationError("the disk never filled up: use more appends or a smaller disk") }
        try FileManager.default.removeItem(atPath: ballast)
        try store.releaseConnections()
        // Never retried on the same handle: a new store, and the ids decide what was stored.
        store = try SQLiteEventStore(path: path, configuration: configuration)
        let failed = workload.appends[failedIndex]
        let found = try await store.events(withIDs: failed.eventIDs)
        emit("resolved \(failedIndex) \(found.isEmpty ? "absent" : "stored")")
        for append in workload.appends.dropFirst(failedIndex).prefix(appendsAfterFull + 1) {
            let result = try await store.append(append.batches)
            emit(AckLine(index: append.index, stored: result.events).text)
        }
        try store.releaseConnections()
        emit("done")
    }
}
