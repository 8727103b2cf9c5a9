import SheetLogCore

/// The collector's per-device rate limit: a ``RateBucket`` a device, so that one device flooding
/// the collector gets `429` while every other device keeps its share.
///
/// Only authenticated devices get a bucket (the route checks the token first), and full buckets
/// are dropped once there are more than ``maximumBuckets``: the map stays bounded by the devices
/// pushing right now.
package final class DeviceRateLimiter: Sendable {
    package static let maximumBuckets = 10_000

    package let perSecond: Double
    package let burst: Int
    private let now: @Sendable () -> Duration
    private let buckets = LockedBox<[String: RateBucket]>([:])

    /// `perSecond` requests a second for each device, `burst` at once; `now` is a monotonic time
    /// (tests pass their own).
    package init(perSecond: Double, burst: Int, now: @escaping @Sendable () -> Duration = DeviceRateLimiter.monotonicNow) {
        self.perSecond = perSecond
        self.burst = burst
        self.now = now
    }

    /// Nil when `device` may send now, else how long it should wait.
    package func take(for device: String) -> Duration? {
        let time = now()
        return buckets.withLock { buckets in
            if buckets.count > Self.maximumBuckets {
                buckets = buckets.filter { _, bucket in
                    var bucket = bucket
                    return !bucket.isFull(at: time)
                }
            }
            var bucket = buckets[device] ?? RateBucket(perSecond: perSecond, burst: burst, now: time)
            let wait = bucket.take(at: time)
            buckets[device] = bucket
            return wait
        }
    }

    private static let start = ContinuousClock.now

    @Sendable package static func monotonicNow() -> Duration { ContinuousClock.now - start }
}
