import Foundation
import GRDB
import SheetLogCore

extension SQLiteBackend {
    /// Forgets the opened keys and folded sessions, then runs `PRAGMA wal_checkpoint(TRUNCATE)`:
    /// the WAL holds the erased key's page as it was before the erasure until a checkpoint copies
    /// the new page into the file and empties the WAL.
    ///
    /// Tried once: a TRUNCATE checkpoint itself waits, through the busy handler, up to the busy
    /// timeout for readers elsewhere (another process) to let go. A reader that holds on longer is
    /// reported (false), not waited for again — twenty tries once made an erase take 100 s.
    package func settleErasure() async throws -> Bool {
        store.configuration.keyRing?.forgetAll()
        store.configuration.sheets?.cache.removeAll()
        guard path != nil, !store.isReadOnly else { return true }
        return try store.writeOnCallingThread { db in
            // busy, frames in the WAL, frames checkpointed; busy = 1 when a reader held it back.
            let row = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            return (row?[0] as Int?) == 0
        }
    }

    package func subjectsWithKeys() async throws -> [String] {
        guard store.configuration.keyRing != nil else { return [] }
        return try await readModels("subjectsWithKeys") { db in
            try String.fetchAll(db, sql: "SELECT subject FROM subject_keys WHERE wrapped_key IS NOT NULL ORDER BY subject")
        }
    }
}
