import SheetLogCore
import SheetLogProjections

/// A bounded cache of the sessions a backend's inline projection folded, so that an append does
/// not fold the session's whole stream again.
///
/// An entry is only a hint: the projection uses it when the log still ends, for that stream,
/// where the entry ends (same version, same integrity chain, or stored in the store's current
/// ``LogEpoch``), and folds from `events` otherwise.
/// Entries are stored only once the append's transaction committed, so a rolled-back append
/// never leaves a state behind. When full, the least recently used quarter is evicted.
package final class SessionStateCache: Sendable {
    private struct Entry {
        var session: ProjectedSession
        /// The epoch of the append that stored it; nil when stored by an append without one.
        var epoch: LogEpoch?
        var lastUse: UInt64
    }

    private struct Storage {
        var entries: [String: Entry] = [:]
        var clock: UInt64 = 0
    }

    /// How many sessions it holds at most.
    package let capacity: Int
    private let storage = LockedBox(Storage())

    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The cached session, if any, with the epoch it was stored in; the caller checks it against the log.
    package func session(_ id: String) -> (ProjectedSession, LogEpoch?)? {
        storage.withLock { storage in
            guard storage.entries[id] != nil else { return nil }
            storage.clock += 1
            storage.entries[id]!.lastUse = storage.clock
            return (storage.entries[id]!.session, storage.entries[id]!.epoch)
        }
    }

    package func store(_ sessions: [ProjectedSession], epoch: LogEpoch?) {
        storage.withLock { storage in
            for session in sessions {
                storage.clock += 1
                storage.entries[session.session] = Entry(session: session, epoch: epoch, lastUse: storage.clock)
            }
            guard storage.entries.count > capacity else { return }
            let keep = capacity - capacity / 4
            let evicted = storage.entries.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(storage.entries.count - keep)
            for (id, _) in evicted { storage.entries[id] = nil }
        }
    }

    package func removeAll() {
        storage.withLock { $0.entries.removeAll() }
    }

    package var count: Int { storage.withLock { $0.entries.count } }
}
