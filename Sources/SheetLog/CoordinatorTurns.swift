/// Lets a coordinator's commands run one at a time, in the order the app called them.
///
/// An app records a keystroke with `Task { await coordinator.edit(…) }`: the tasks start on the
/// main actor in the order they were created, but each then awaits the database off the main actor,
/// where nothing keeps them in order. A turn taken synchronously on the main actor, before the first
/// suspension, fixes that order; each command waits for the turns before its own to finish.
@MainActor
final class CoordinatorTurns {
    private var next: UInt64 = 0
    private var serving: UInt64 = 0
    private var waiting: [UInt64: CheckedContinuation<Void, Never>] = [:]

    /// The caller's turn; must be followed by ``wait(for:)`` and ``finish(_:)``.
    func take() -> UInt64 {
        defer { next += 1 }
        return next
    }

    /// Returns once every earlier turn finished.
    func wait(for turn: UInt64) async {
        guard turn != serving else { return }
        await withCheckedContinuation { waiting[turn] = $0 }
    }

    /// Ends `turn` and lets the next one run.
    func finish(_ turn: UInt64) {
        serving = turn + 1
        waiting.removeValue(forKey: serving)?.resume()
    }
}
