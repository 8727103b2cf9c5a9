import SheetLogCore

/// A pusher running in the background: its latest ``PushState``, its result, and a way to stop it.
///
/// ```swift
/// let task = database.push(to: "https://collector.example.com", device: "ipad-7", token: token)
/// statusLabel.text = "\(task.state)"
/// task.cancel()   // the cursor stays where the last acknowledged batch put it
/// ```
///
/// For SwiftUI, watch it through a ``PushMonitor`` (main actor, observable): its `state` follows
/// this task's states in the order the pusher reported them.
public final class PushTask: Sendable {
    private let progress: LockedBox<PushProgress>
    private let task: Task<PushSummary, any Error>

    /// Starts `pusher` at once; with `follow`, it keeps pushing new events until cancelled.
    ///
    /// `onState` is called on the pusher's task (not on the main actor), once per state, in order;
    /// its last call is the final state: ``PushState/finished(acknowledgedThrough:)``,
    /// ``PushState/stopped(_:)`` or ``PushState/cancelled``.
    public init(_ pusher: Pusher, follow: Bool = true, onState: @escaping @Sendable (PushState) -> Void = { _ in }) {
        let progress = LockedBox(PushProgress())
        self.progress = progress
        task = Task {
            let report: @Sendable (PushState) -> Void = { state in
                progress.withLock { $0.publish(state) }
                onState(state)
            }
            // Whatever the ending, the watchers' streams end after the final state. Finished outside
            // the lock: finishing a stream runs its termination handler, which takes the lock.
            defer { for watcher in progress.withLock({ $0.end() }) { watcher.finish() } }
            do {
                return try await pusher.run(follow: follow, onState: report)
            } catch is CancellationError {
                report(.cancelled)
                throw CancellationError()
            }
        }
    }

    /// What the pusher is doing now.
    public var state: PushState { progress.withLock { $0.latest } }

    /// Stops the pusher (a batch in flight may still be stored; the next run finds it so). Once the
    /// run has ended, ``state`` is ``PushState/cancelled`` (or the final state it reached first).
    public func cancel() { task.cancel() }

    /// The run's summary once it ends; its error if it stopped on one (`CancellationError` after
    /// ``cancel()``).
    public var result: PushSummary {
        get async throws { try await task.value }
    }

    /// The current state and a stream of every later one, in the order the pusher reported them;
    /// the stream finishes after the final state. One stream per caller (an `AsyncStream` has one
    /// consumer); each watcher asks for its own.
    func watch() -> (current: PushState, later: AsyncStream<PushState>) {
        let (stream, continuation) = AsyncStream.makeStream(of: PushState.self, bufferingPolicy: .unbounded)
        // Taken under the lock that publishes: no state falls between `current` and the stream.
        let (current, id) = progress.withLock { $0.add(continuation) }
        guard let id else {
            continuation.finish()
            return (current, stream)
        }
        continuation.onTermination = { [progress] _ in progress.withLock { $0.remove(id) } }
        return (current, stream)
    }
}

/// A push task's latest state and its watchers' continuations, under one lock: a state is recorded
/// and handed to every watcher in one step, so each watcher sees the states in the pusher's order.
struct PushProgress: Sendable {
    private(set) var latest: PushState = .idle(acknowledgedThrough: 0)
    private var watchers: [Int: AsyncStream<PushState>.Continuation] = [:]
    private var nextID = 0
    private var ended = false

    mutating func publish(_ state: PushState) {
        latest = state
        for watcher in watchers.values { watcher.yield(state) }
    }

    /// The final state was published: returns the watchers, for the caller to finish once it has
    /// let go of the lock; later watchers get a finished stream.
    mutating func end() -> [AsyncStream<PushState>.Continuation] {
        ended = true
        defer { watchers = [:] }
        return Array(watchers.values)
    }

    /// The latest state, and the watcher's id; no id once the run has ended.
    mutating func add(_ watcher: AsyncStream<PushState>.Continuation) -> (PushState, Int?) {
        guard !ended else { return (latest, nil) }
        nextID += 1
        watchers[nextID] = watcher
        return (latest, nextID)
    }

    mutating func remove(_ id: Int) {
        watchers[id] = nil
    }
}
