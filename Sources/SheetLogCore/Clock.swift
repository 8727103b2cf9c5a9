/// A source of wall-clock time, injected so that the pure layers never read a clock themselves.
public protocol SheetLogClock: Sendable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    func nowMilliseconds() -> Int64
}

/// A clock that returns a time the caller sets: for tests and replays.
public final class ManualClock: SheetLogClock, Sendable {
    private let current: LockedBox<Int64>

    public init(milliseconds: Int64 = 1_767_225_600_000) {  // 2026-01-01T00:00:00Z
        current = LockedBox(milliseconds)
    }

    public func nowMilliseconds() -> Int64 { current.withLock { $0 } }

    /// Moves the clock forward by `milliseconds`.
    public func advance(by milliseconds: Int64) { current.withLock { $0 += milliseconds } }

    /// Sets the time the clock returns.
    public func set(milliseconds: Int64) { current.withLock { $0 = milliseconds } }
}
