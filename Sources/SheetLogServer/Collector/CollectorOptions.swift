import SheetLogPush

/// How much the collector takes: each batch's limits and each device's request rate.
package struct CollectorOptions: Sendable, Hashable {
    /// Events and bytes a batch may hold (default 1,000 events, 4 MiB).
    package var limits: PushLimits
    /// Batches a second each device may send, after its burst.
    package var perSecond: Double
    /// Batches a device may send at once.
    package var burst: Int

    package init(limits: PushLimits = .default, perSecond: Double = 20, burst: Int = 40) {
        self.limits = limits
        self.perSecond = perSecond
        self.burst = burst
    }
}
