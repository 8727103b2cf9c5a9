import SheetLogCore

/// Wakes this process's subscriptions when an append commits.
///
/// A generation counter makes a ring that happens between a subscription's read and its wait
/// impossible to miss: the subscription waits for a generation newer than the one it read before.
final class CommitBell: Sendable {
    private struct Ringing {
        var generation: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiterID: UInt64 = 0
    }

    private let state = LockedBox(Ringing())

    /// How many rings so far.
    var currentGeneration: UInt64 { state.withLock { $0.generation } }

    /// How many subscriptions are waiting.
    var waiterCount: Int { state.withLock { $0.waiters.count } }

    /// Wakes every waiter.
    func ring() {
        let woken = state.withLock { state in
            state.generation += 1
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in woken { waiter.resume() }
    }

    /// Returns once the bell rang after generation `seen`, after `timeout`, or when the task is cancelled.
    func wait(after seen: UInt64, timeout: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.wait(after: seen) }
            group.addTask { try? await Task.sleep(for: timeout) }
            _ = await group.next()
            group.cancelAll()
        }
    }

    private func wait(after seen: UInt64) async {
        let id = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // Checked under the lock so that neither a ring nor a cancellation can slip between
                // the check and the registration.
                let resumeNow = state.withLock { state in
                    if state.generation != seen || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
