/// A token bucket: `burst` requests at once, then `perSecond` a second. A value with no clock:
/// the caller says what time it is.
///
/// ```swift
/// var bucket = RateBucket(perSecond: 10, burst: 20, now: .zero)
/// if let wait = bucket.take(at: elapsed) { reply429(retryAfter: wait) }
/// ```
package struct RateBucket: Sendable, Hashable {
    package let perSecond: Double
    package let burst: Double
    /// Requests that may be taken now, refilled up to `burst` as time passes.
    package private(set) var available: Double
    private var updated: Duration

    package init(perSecond: Double, burst: Int, now: Duration) {
        self.perSecond = max(perSecond, .leastNonzeroMagnitude)
        self.burst = Double(max(burst, 1))
        available = self.burst
        updated = now
    }

    /// Takes one request at `now`: nil when allowed, else how long until one would be (nothing taken).
    package mutating func take(at now: Duration) -> Duration? {
        refill(at: now)
        // Refills summed in floating point land a hair under a whole request (0.2 + 0.8): within
        // a billionth, it is one.
        if available >= 1 - Self.tolerance {
            available = max(0, available - 1)
            return nil
        }
        return .seconds((1 - available) / perSecond)
    }

    /// Whether the bucket is full at `now`: it then says nothing a fresh bucket would not.
    package mutating func isFull(at now: Duration) -> Bool {
        refill(at: now)
        return available >= burst - Self.tolerance
    }

    private static let tolerance = 1e-9

    private mutating func refill(at now: Duration) {
        // A clock that went back adds nothing.
        guard now > updated else { return }
        let elapsed = Double((now - updated).components.seconds) + Double((now - updated).components.attoseconds) / 1e18
        available = min(burst, available + elapsed * perSecond)
        updated = now
    }
}
