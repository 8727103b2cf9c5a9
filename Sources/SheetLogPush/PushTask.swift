import SheetLogCore

/// A pusher running in the background: its latest ``PushState``, its result, and a way to stop it.
///
/// ```swift
/// let task = database.push(to: "https://collector.example.com", device: "ipad-7", token: token)
/// statusLabel.text = "\(task.state)"
/// task.cancel()   // the cursor stays where the last acknowledged batch put it
/// ```
public final class PushTask: Sendable {
    private let latest: LockedBox<PushState>
    private let task: Task<PushSummary, any Error>

    /// Starts `pusher` at once; with `follow`, it keeps pushing new events until cancelled.
    public init(_ pusher: Pusher, follow: Bool = true, onState: @escaping @Sendable (PushState) -> Void = { _ in }) {
        let latest = LockedBox<PushState>(.idle(acknowledgedThrough: 0))
        self.latest = latest
        task = Task {
            try await pusher.run(follow: follow) { state in
                latest.withLock { $0 = state }
                onState(state)
            }
        }
    }

    /// What the pusher is doing now.
    public var state: PushState { latest.withLock { $0 } }

    /// Stops the pusher (a batch in flight may still be stored; the next run finds it so).
    public func cancel() { task.cancel() }

    /// The run's summary once it ends; its error if it stopped on one.
    public var result: PushSummary {
        get async throws { try await task.value }
    }
}
