import SheetLogCore

/// Wakes this process's subscriptions when an append commits.
///
/// Each subscription holds a doorbell stream that buffers at most one ring, so a ring that
/// arrives while the subscription is reading is never lost and never piles up.
final class CommitBell: @unchecked Sendable {
    private let lock = Lock()
    private var doorbells: [UInt64: AsyncStream<Void>.Continuation] = [:]
    private var nextID: UInt64 = 0

    /// A new doorbell and the id that removes it.
    func register() -> (id: UInt64, doorbell: AsyncStream<Void>, continuation: AsyncStream<Void>.Continuation) {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = lock.withLock {
            nextID += 1
            doorbells[nextID] = continuation
            return nextID
        }
        return (id, stream, continuation)
    }

    func unregister(_ id: UInt64) {
        let continuation = lock.withLock { doorbells.removeValue(forKey: id) }
        continuation?.finish()
    }

    /// How many subscriptions hold a doorbell.
    var registeredCount: Int { lock.withLock { doorbells.count } }

    /// Rings every doorbell.
    func ring() {
        let all = lock.withLock { Array(doorbells.values) }
        for continuation in all { continuation.yield() }
    }
}
