import Observation

/// A push task's state on the main actor, observable: for a status line in SwiftUI or UIKit.
///
/// Its ``state`` follows the task's states in the order the pusher reported them, through one
/// ordered stream consumed on the main actor (never one hop per state, which could deliver an older
/// state after a newer one); once the run has ended it equals ``PushTask/state``, its final state.
///
/// ```swift
/// @MainActor @Observable final class SyncModel {
///     var push: PushMonitor?
///     func start(_ log: SheetLogDatabase, device: String, token: String) throws {
///         push = PushMonitor(try log.push(to: "https://collector.example.com", device: device, token: token))
///     }
/// }
/// // In a view: Text(model.push.map { "\($0.state)" } ?? "not pushing")
/// ```
@MainActor
@Observable
public final class PushMonitor {
    /// The pusher's state: the task's state when the monitor was made, then each later one in order.
    public private(set) var state: PushState
    /// The task watched (to cancel it, or to await its result).
    public let task: PushTask
    @ObservationIgnored private var following: Task<Void, Never>?

    /// Watches `task` from now on: ``state`` starts at its current state.
    public init(_ task: PushTask) {
        let (current, later) = task.watch()
        self.task = task
        state = current
        // Runs on the main actor (it inherits the initialiser's isolation), one state after the other.
        following = Task { [weak self] in
            for await state in later {
                guard let self else { return }
                self.state = state
            }
        }
    }

    /// Stops the pusher (see ``PushTask/cancel()``); ``state`` becomes ``PushState/cancelled`` once it has ended.
    public func cancel() { task.cancel() }

    deinit {
        // Ends the stream, whose termination lets the task forget this watcher.
        following?.cancel()
    }
}
