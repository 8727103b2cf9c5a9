/// A source of wall-clock time, injected so that the pure layers never read a clock themselves.
public protocol SheetLogClock: Sendable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    func nowMilliseconds() -> Int64
}

/// A clock that returns a time the caller sets: for tests and replays.
public final class ManualClock: SheetLogClock, @unchecked Sendable {
    private var current: Int64
    private let lock = Lock()

    public init(milliseconds: Int64 = 1_767_225_600_000) {  // 2026-01-01T00:00:00Z
        current = milliseconds
    }

    public func nowMilliseconds() -> Int64 { lock.withLock { current } }

    /// Moves the clock forward by `milliseconds`.
    public func advance(by milliseconds: Int64) { lock.withLock { current += milliseconds } }

    public func set(milliseconds: Int64) { lock.withLock { current = milliseconds } }
}
