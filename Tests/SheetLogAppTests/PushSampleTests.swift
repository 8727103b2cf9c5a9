import Foundation
import Observation
import SheetLog
import Synchronization
import Testing

/// docs/app-integration.md's push samples as an app compiles them (main actor by default), run
/// against a collector address where nothing listens: the pusher backs off until it is cancelled.
@Suite struct PushSampleTests {
    /// Loopback's port 9 (discard): nothing listens there, so every attempt fails at once and is retried.
    static let nobody = "http://127.0.0.1:9"

    @Test(arguments: [".", "..", "", "ipad\u{202e}7"])
    func aDeviceIDThePushProtocolCannotCarryIsRefusedBeforeAnythingIsSent(device: String) async throws {
        let folder = try TemporaryFolder()
        let log = try SheetLogDatabase.open(path: folder.path("pushed.sqlite"))
        defer { try? log.close() }
        let error = #expect(throws: SheetLogError.self) { try log.push(to: Self.nobody, device: device, token: "sld_token") }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.hasPrefix("the device id ") == true && error?.message.contains("not . or ..") == true, "\(String(describing: error))")
    }

    @Test func theMonitorSampleEndsCancelled() async throws {
        let folder = try TemporaryFolder()
        let log = try SheetLogDatabase.open(path: folder.path("pushed.sqlite"))
        let (installID, deviceToken) = ("install-1", "sld_token")
        // doc-sample: docs/app-integration.md
        let push = PushMonitor(try log.push(to: "https://collector.example.com", device: installID, token: deviceToken))
        // push.state is observable on the main actor: a view that shows it redraws as it changes.
        // Later, e.g. when the app goes to the background:
        push.cancel()   // push.state becomes .cancelled once the pusher has stopped
        // end doc-sample
        await #expect(throws: CancellationError.self) { try await push.task.result }
        try await Self.waitUntil { push.state == .cancelled }
        #expect(push.task.state == .cancelled)
        try log.close()
    }

    @Test func theCallbackSampleCompilesAndEachStateArrivesInOrder() async throws {
        let folder = try TemporaryFolder()
        let log = try SheetLogDatabase.open(path: folder.path("pushed.sqlite"))
        try await log.record(.present(presentation: "expense-1", route: Route(name: "newExpense")), in: "window-1")
        let (installID, deviceToken) = ("install-1", "sld_token")
        do {
            // doc-sample: docs/app-integration.md
            let push = try log.push(to: "https://collector.example.com", device: installID, token: deviceToken) { state in
                if case .stopped(let error) = state { print("push stopped:", error.message) }
            }
            // end doc-sample
            push.cancel()
            await #expect(throws: CancellationError.self) { try await push.result }
        }
        // The callback is called on the pusher's task: an app forwards the states, here to a lock.
        let seen = StateLog()
        let push = try log.push(to: Self.nobody, device: installID, token: deviceToken) { state in seen.append(state) }
        try await Self.waitUntil { seen.states.contains { $0.isBackingOff } }
        push.cancel()
        await #expect(throws: CancellationError.self) { try await push.result }
        let states = seen.states
        #expect(states.first == .idle(acknowledgedThrough: 0))
        #expect(states.last == .cancelled && push.state == .cancelled)
        #expect(states.contains(.sending(after: 0, events: 1)))
        try log.close()
    }

    /// The monitor's state follows the pusher's states in their order, and ends equal to the task's.
    @Test func theMonitorFollowsThePusherInOrderOnTheMainActor() async throws {
        let folder = try TemporaryFolder()
        let log = try SheetLogDatabase.open(path: folder.path("pushed.sqlite"))
        try await log.record(.present(presentation: "expense-1", route: Route(name: "newExpense")), in: "window-1")
        let reported = StateLog()
        let monitor = PushMonitor(try log.push(to: Self.nobody, device: "install-1", token: "sld_token") { reported.append($0) })
        let observed = ObservedStates(monitor)
        // Two failed attempts seen by the monitor itself, each a sending then a backing off (observed,
        // not polled: a backing off with jitter can be too short for a poll to see). Waiting on what
        // the pusher reported instead failed under load: the monitor can be made after the first
        // attempt, so it may see fewer states; and the wait timed out at 120 s with the whole suite
        // running under a CPU load of 4: the bound is a hang's, not the work's.
        try await Self.waitUntil { observed.values.dropFirst().count { $0.isBackingOff } >= 2 }
        monitor.cancel()
        await #expect(throws: CancellationError.self) { try await monitor.task.result }
        try await Self.waitUntil { monitor.state == .cancelled }

        #expect(monitor.state == monitor.task.state, "the final state is the task's")
        let all = reported.states
        let seen = observed.values
        #expect(seen.last == .cancelled)
        // After the state it started from (the task's when the monitor was made), the monitor took
        // exactly the pusher's later states, in the same order: the end of what the pusher reported
        // (two backing offs, the sending between them, and the cancellation at least).
        let later = Array(seen.dropFirst())
        #expect(later.count >= 4 && later.count <= all.count, "monitor \(seen) against pusher \(all)")
        #expect(Array(all.suffix(later.count)) == later, "monitor \(seen) against pusher \(all)")
        try log.close()
    }

    /// Polls `condition` on the main actor until it holds. The bound is for a hang, not for speed: a
    /// state reaches the main actor late when the machine is busy (it failed at 10 s, then at 120 s,
    /// under a CPU load of 4 with the whole suite running, whose tests keep the cooperative pool busy).
    static func waitUntil(seconds: Int = 900, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("the condition did not hold within \(seconds) s")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// Every value a monitor's `state` took, as observation tells the main actor: each change is seen
/// in `willSet`, where `state` still holds the value it is leaving, and the tracking is registered
/// again for the next change; the last value is the state now.
final class ObservedStates {
    private var left: [PushState] = []
    private let monitor: PushMonitor

    init(_ monitor: PushMonitor) {
        self.monitor = monitor
        track()
    }

    var values: [PushState] { left + [monitor.state] }

    private func track() {
        withObservationTracking {
            _ = monitor.state
        } onChange: { [weak self] in
            // Called in willSet, on the main actor, where the monitor sets its state.
            MainActor.assumeIsolated {
                guard let self else { return }
                self.left.append(self.monitor.state)
                self.track()
            }
        }
    }
}

/// The states a push callback reported, from the pusher's task.
nonisolated final class StateLog: Sendable {
    private let all = Mutex<[PushState]>([])

    var states: [PushState] { all.withLock { $0 } }
    func append(_ state: PushState) { all.withLock { $0.append(state) } }
}

extension PushState {
    var isBackingOff: Bool { if case .backingOff = self { true } else { false } }
}
