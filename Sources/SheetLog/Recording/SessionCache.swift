import SheetLogProjections
import SheetLogStorage

/// The last known state of each session this database has read or written, and whether it can be
/// trusted without reading the log again: the one cache of sessions on the write path. A session is
/// held as the projection folds it (``ProjectedSession``: the domain's state with the positions
/// and sealed texts its rows need), so that the planner decides a command and computes its rows
/// from the same fold.
///
/// Invariant: an entry whose era is the current era holds its session exactly as stored at
/// ``lastMark``. The era moves on whenever an append transaction begins at another mark than the
/// one this cache last saw (another process or connection wrote, or something appended through the
/// store without the facade): every older entry is then caught up from the log before it is used.
/// What it saves: reading a session's events again on every command (a b-tree lookup and a fold).
/// Entries only move forward: a state replaces an entry only when its version is at least as high.
final class SessionCache: Sendable {
    struct Entry {
        var session: ProjectedSession
        /// Nil for a state read outside an append transaction: caught up before any decision.
        var era: UInt64?
    }

    /// Past this many sessions the cache starts again: an app has a handful, a bulk ingest many.
    static let capacity = 4_096

    private struct Storage {
        var entries: [String: Entry] = [:]
        var era: UInt64 = 0
        var lastMark: LogMark?

        mutating func keep(_ entry: Entry) {
            let session = entry.session.session
            if let known = entries[session], known.session.state.version > entry.session.state.version { return }
            if entries[session] == nil, entries.count >= SessionCache.capacity { entries.removeAll(keepingCapacity: true) }
            entries[session] = entry
        }
    }

    private let storage = LockedBox(Storage())

    /// The era in which entries are exact at `mark`, the mark an append transaction begins at.
    func era(at mark: LogMark) -> UInt64 {
        storage.withLock { storage in
            if storage.lastMark != mark {
                storage.era += 1
                storage.lastMark = mark
            }
            return storage.era
        }
    }

    func entry(_ session: String) -> Entry? {
        storage.withLock { $0.entries[session] }
    }

    /// Keeps the states a committed (or empty) append transaction left, exact at `mark` in `era`.
    func commit(_ sessions: [String: ProjectedSession], era: UInt64, mark: LogMark) {
        storage.withLock { storage in
            guard era == storage.era else { return }
            storage.lastMark = mark
            for session in sessions.values { storage.keep(Entry(session: session, era: era)) }
        }
    }

    /// Forgets every state (an erasure made their values unreadable) and starts a new era, so that
    /// an append that committed before it cannot put a state back.
    func removeAll() {
        storage.withLock { storage in
            storage.entries.removeAll()
            storage.era += 1
            storage.lastMark = nil
        }
    }

    /// Keeps a state read outside an append transaction, never trusted without a catch-up.
    func remember(_ session: ProjectedSession) {
        storage.withLock { $0.keep(Entry(session: session, era: nil)) }
    }
}
