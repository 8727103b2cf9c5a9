import SheetLogCore

/// States of the replay fold kept in memory at every ``stride``-th version of the sessions read
/// last, so that one state of a long session (``SheetLogDatabase/replayMoment(_:at:)``) folds from
/// the nearest checkpoint instead of from the first event. No table: a fresh handle starts empty.
///
/// A session's events never change, but what they decode to does when a subject is erased (its
/// values read `[erased]` from then on): every checkpoint is kept with the version of the log's
/// `$erasures` stream it was folded under, and any other version, an erasure by this handle or
/// another process, drops them all. Only the database's own keys fold into checkpoints; a reveal
/// with a device's shared keys folds from the first event.
///
/// Bounded: ``sessionCapacity`` sessions (the least recently used goes first), each with at most
/// ``perSession`` checkpoints (past that, every other one is dropped, doubling the spacing).
final class FoldCheckpoints: Sendable {
    static let stride: Int64 = 500
    static let sessionCapacity = 16
    static let perSession = 64

    private struct Storage {
        var erasures: Int64 = -1
        var sessions: [String: [SessionState]] = [:]
        /// Least recently used first.
        var order: [String] = []

        mutating func touch(_ session: String) {
            order.removeAll { $0 == session }
            order.append(session)
        }
    }

    private let storage = LockedBox(Storage())

    /// The latest kept state of `session` at or before `version`, folded under `erasures`.
    func nearest(_ session: String, atOrBefore version: Int64, erasures: Int64) -> SessionState? {
        storage.withLock { storage in
            guard storage.erasures == erasures, let states = storage.sessions[session] else { return nil }
            storage.touch(session)
            return states.last { $0.version <= version }
        }
    }

    /// Keeps `states` of `session` (at multiples of ``stride``), folded under `erasures`.
    func keep(_ states: [SessionState], of session: String, erasures: Int64) {
        guard !states.isEmpty else { return }
        storage.withLock { storage in
            if storage.erasures != erasures {
                storage = Storage()
                storage.erasures = erasures
            }
            var kept = storage.sessions[session] ?? []
            for state in states where !kept.contains(where: { $0.version == state.version }) { kept.append(state) }
            kept.sort { $0.version < $1.version }
            while kept.count > Self.perSession { kept = kept.enumerated().filter { $0.offset % 2 == 1 }.map(\.element) }
            storage.sessions[session] = kept
            storage.touch(session)
            while storage.order.count > Self.sessionCapacity { storage.sessions[storage.order.removeFirst()] = nil }
        }
    }

    /// Drops every checkpoint (an erasure by this handle).
    func removeAll() {
        storage.withLock { $0 = Storage() }
    }
}
