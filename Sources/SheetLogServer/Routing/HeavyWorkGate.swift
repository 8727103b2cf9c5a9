import Foundation

/// Admits at most `limit` heavy requests (replay, timeline, state, audit) at a time; the others
/// wait their turn in arrival order.
///
/// Building a replay's JSON or a timeline's HTML holds a thread of Swift's cooperative pool, which has
/// one thread per core: a few large replays at once took every thread, and `/stats` waited 17 s. With
/// one core kept free of heavy work, light requests stay answered. Waiting requests are queued, not
/// refused: the viewer serves a few people, and a queued replay is answered later rather than never.
package actor HeavyWorkGate {
    /// `max(1, cores - 1)`: one core left for everything else.
    package static var defaultLimit: Int { max(1, ProcessInfo.processInfo.activeProcessorCount - 1) }

    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    package init(limit: Int = HeavyWorkGate.defaultLimit) {
        self.limit = max(1, limit)
    }

    /// Returns once the caller may start; every `enter` is followed by one ``leave()``.
    package func enter() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the place straight to the longest-waiting request, if any.
    package func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
