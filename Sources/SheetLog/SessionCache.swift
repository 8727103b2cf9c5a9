import SheetLogStorage

/// The last known state of each session this database has read or written, and whether it can be
/// trusted without reading the log again.
///
/// Invariant: an entry whose era is the current era holds its session exactly as stored at
/// ``lastMark``. The era moves on whenever an append transaction begins at another mark than the
/// one this cache last saw (another process or connection wrote, or something appended through the
/// store without the facade): every older entry is then caught up from the log before it is used.
/// What it saves: reading a session's events again on every command (a b-tree lookup and a fold).
/// Entries only move forward: a state replaces an entry only when its version is at least as high.
final class SessionCache: @unchecked Sendable {  // every access to the fields holds `lock`
    struct Entry {
        var state: SessionState
        /// Nil for a state read outside an append transaction: caught up before any decision.
        var era: UInt64?
    }

    /// Past this many sessions the cache starts again: an app has a handful, a bulk ingest many.
    static let capacity = 4_096

    private let lock = Lock()
    private var entries: [String: Entry] = [:]
    private var era: UInt64 = 0
    private var lastMark: LogMark?

    /// The era in which entries are exact at `mark`, the mark an append transaction begins at.
    func era(at mark: LogMark) -> UInt64 {
        lock.withLock {
            if lastMark != mark {
                era += 1
                lastMark = mark
            }
            return era
        }
    }

    func entry(_ session: String) -> Entry? {
        lock.withLock { entries[session] }
    }

    /// Keeps the states a committed (or empty) append transaction left, exact at `mark` in `era`.
    func commit(_ states: [String: SessionState], era: UInt64, mark: LogMark) {
        lock.withLock {
            guard era == self.era else { return }
            lastMark = mark
            for state in states.values { keep(Entry(state: state, era: era)) }
        }
    }

    /// Keeps a state read outside an append transaction, never trusted without a catch-up.
    func remember(_ state: SessionState) {
        lock.withLock { keep(Entry(state: state, era: nil)) }
    }

    private func keep(_ entry: Entry) {
        let session = entry.state.sessionID
        if let known = entries[session], known.state.version > entry.state.version { return }
        if entries[session] == nil, entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[session] = entry
    }
}
