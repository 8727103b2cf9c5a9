/// The last known state of each session this database has read or written.
///
/// Entries only move forward: a state replaces an entry only when its version is higher, so a
/// writer that finishes late never rolls the cache back.
final class SessionCache: @unchecked Sendable {
    private let lock = Lock()
    private var states: [String: SessionState] = [:]

    func state(of session: String) -> SessionState? {
        lock.withLock { states[session] }
    }

    func update(_ state: SessionState) {
        lock.withLock {
            if let known = states[state.sessionID], known.version >= state.version { return }
            states[state.sessionID] = state
        }
    }
}
