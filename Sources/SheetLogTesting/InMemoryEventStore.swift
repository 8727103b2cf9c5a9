import SheetLogCore

/// An ``EventStore`` that keeps the log in memory, with exactly the semantics of the SQLite store.
///
/// Use it in tests and previews: appends are validated with ``InputLimits``, atomic, idempotent by
/// event id, chained, and visible to subscribers in position order. Nothing survives the process.
///
/// ```swift
/// let clock = ManualClock()
/// let store = InMemoryEventStore(clock: clock)
/// try await store.append([EventData(type: "present", payload: "{}")], to: "session-1", expecting: .noStream)
/// ```
public final class InMemoryEventStore: EventStore, Sendable {
    /// The limits every append is validated against before it touches the log.
    public let limits: InputLimits
    /// The clock that stamps `recordedAt`.
    public let clock: any SheetLogClock

    /// Everything mutable, reached through ``withState(_:)``.
    struct State {
        var log = InMemoryLog()
        var subscribers: [Int: AsyncThrowingStream<RecordedEvent, any Error>.Continuation] = [:]
        var nextSubscriberID = 0
    }

    private let state = LockedBox(State())

    public init(limits: InputLimits = .default, clock: any SheetLogClock = ManualClock()) {
        self.limits = limits
        self.clock = clock
    }

    deinit {
        // Subscribers would otherwise wait forever for events that can no longer come.
        for continuation in state.withLock({ $0.subscribers.values }) { continuation.finish() }
    }

    /// Runs `body` with exclusive access to the state.
    func withState<T>(_ body: (inout State) throws -> T) rethrows -> T {
        try state.withLock { try body(&$0) }
    }

    @concurrent
    public func append(_ batches: [StreamBatch]) async throws -> AppendResult {
        try limits.validate(batches)
        return try withState { state in
            let result = try state.log.append(batches, recordedAt: clock.nowMilliseconds())
            if !result.alreadyStored {
                // Yielding under the lock is what keeps every subscriber in position order.
                Self.deliver(result.events, to: &state)
            }
            return result
        }
    }

    @concurrent
    public func lastPosition() async throws -> Int64 {
        withState { $0.log.lastPosition }
    }

    @concurrent
    public func streamVersion(_ stream: String) async throws -> Int64 {
        withState { $0.log.version(of: stream) }
    }
}
