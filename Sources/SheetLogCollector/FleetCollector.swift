import SheetLogCore
import SheetLogPostgres
import SheetLogServer

/// What `serve --postgres` collects with: the fleet store's tokens, and each device's event store on
/// the fleet's one connection pool, the most recently pushing ``capacity`` kept (their fold caches
/// make the next batch of a session cheaper); a dropped store is opened again on demand.
package actor FleetCollector: PushCollector {
    static let capacity = 1_024

    package let fleet: PostgresFleetReader
    package nonisolated let tokens: PostgresTokenStore
    /// Most recently used last.
    private var stores: [String: (store: PostgresEventStore, used: UInt64)] = [:]
    private var uses: UInt64 = 0

    package init(fleet: PostgresFleetReader) {
        self.fleet = fleet
        tokens = PostgresTokenStore.on(fleet)
    }

    /// How long a token lookup may wait for PostgreSQL: the connection pool queues a request while
    /// the server is down and never fails it, so without a bound a push would wait for as long as
    /// the outage (and the device's HTTP client would time out instead of hearing `503`).
    static let lookupDeadline: Duration = .seconds(5)
    /// How long a batch's transaction may take, its wait for the device's lock included.
    static let storeDeadline: Duration = .seconds(30)

    package nonisolated func credential(of token: String) async throws -> FleetCredential? {
        try await Self.within(Self.lookupDeadline, "token check") { [tokens] in try await tokens.credential(of: token) }
    }

    package nonisolated func storePushed(_ events: [RecordedEvent], device: String) async throws -> PushStoreOutcome {
        let store = try await store(of: device)
        return try await Self.within(Self.storeDeadline, "push") { try await store.storePushed(events) }
    }

    /// `body`'s value, or ``SheetLogError/Code/connectionFailed`` once `limit` has passed; then
    /// `body` is cancelled (a queued lease is withdrawn, a running transaction rolls back or, if it
    /// committed, a resend finds its events stored) and not waited for.
    ///
    /// Not waiting is the point: a statement on a connection the server's stop cut off can stay
    /// suspended past its cancellation, and a request waiting for it would never end, nor would the
    /// collector's graceful stop (SIGTERM), which waits for every request.
    package static func within<T: Sendable>(_ limit: Duration, _ operation: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let race = DeadlineRace<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                race.start(continuation, work: Task {
                    do { race.finish(.success(try await body())) } catch { race.finish(.failure(error)) }
                }, timer: Task {
                    guard (try? await Task.sleep(for: limit)) != nil else { return }
                    race.finish(.failure(SheetLogError(
                        .connectionFailed, "the fleet store did not answer \(operation) within \(limit.components.seconds) s",
                        context: .init(operation: operation))))
                })
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    private func store(of device: String) throws -> PostgresEventStore {
        uses += 1
        if let entry = stores[device] {
            stores[device] = (entry.store, uses)
            return entry.store
        }
        let store = try fleet.store(ofDevice: device)
        if stores.count >= Self.capacity, let oldest = stores.min(by: { $0.value.used < $1.value.used })?.key {
            stores[oldest] = nil
        }
        stores[device] = (store, uses)
        return store
    }
}

/// The first of a body, a timer and the caller's cancellation to finish resumes the caller; the
/// others are cancelled and not waited for. A finish before the start (the caller was cancelled
/// first) is kept and delivered at the start.
private final class DeadlineRace<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var tasks: [Task<Void, Never>] = []
        var early: Result<T, any Error>?
        var done = false
    }

    private let state = LockedBox(State())

    func start(_ continuation: CheckedContinuation<T, any Error>, work: Task<Void, Never>, timer: Task<Void, Never>) {
        let early: Result<T, any Error>? = state.withLock { state in
            state.tasks = [work, timer]
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early {
            state.withLock { $0.done = true }
            work.cancel()
            timer.cancel()
            continuation.resume(with: early)
        }
    }

    func finish(_ result: Result<T, any Error>) {
        let (continuation, tasks): (CheckedContinuation<T, any Error>?, [Task<Void, Never>]) = state.withLock { state in
            guard !state.done else { return (nil, []) }
            guard let continuation = state.continuation else {
                if state.early == nil { state.early = result }
                return (nil, [])
            }
            state.done = true
            state.continuation = nil
            return (continuation, state.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(with: result)
    }
}
