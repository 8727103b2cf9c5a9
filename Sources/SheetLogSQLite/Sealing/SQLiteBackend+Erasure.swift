import Foundation
import GRDB
import SheetLogCore

extension SQLiteBackend {
    /// Forgets the opened keys and folded sessions, then runs `PRAGMA wal_checkpoint(TRUNCATE)`:
    /// the WAL holds the erased key's page as it was before the erasure until a checkpoint copies
    /// the new page into the file and empties the WAL. A reader elsewhere (another process) can
    /// hold the checkpoint back; it is tried a few times, then reported.
    package func settleErasure() async throws -> Bool {
        store.configuration.keyRing?.forgetAll()
        for case let sheets as SheetProjection in store.configuration.projections { sheets.cache.removeAll() }
        guard path != nil, !store.isReadOnly else { return true }
        for attempt in 0..<Self.checkpointAttempts {
            if attempt > 0 { try await Task.sleep(for: .milliseconds(100)) }
            let finished = try store.writeOnCallingThread { db in
                // busy, frames in the WAL, frames checkpointed; busy = 1 when a reader held it back.
                let row = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                return (row?[0] as Int?) == 0
            }
            if finished { return true }
        }
        return false
    }

    /// Tries of the checkpoint, 100 ms apart, before reporting that a reader held it back.
    static let checkpointAttempts = 20
}
