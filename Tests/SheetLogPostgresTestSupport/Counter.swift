import Synchronization

/// 1, 2, 3 … across threads: names of databases created in one process.
final class Counter: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }
}
