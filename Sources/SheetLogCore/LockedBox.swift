import Synchronization

/// A `Synchronization.Mutex` shared by reference: the value is reachable only while the lock is held.
///
/// The one shape every shared mutable state in SheetLog takes (caches, queues, tickets, clocks), and
/// `Mutex` the one lock beneath it. `Mutex` is noncopyable, so it cannot be captured by an escaping
/// closure or kept in a copyable struct; this box is the reference that can.
///
/// ```swift
/// let counter = LockedBox(0)
/// counter.withLock { $0 += 1 }
/// let now = counter.withLock { $0 }
/// ```
package final class LockedBox<Value>: Sendable {
    private let mutex: Mutex<Value>

    package init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value while holding the lock; what `body` changes is kept.
    package func withLock<T, E: Error>(_ body: (inout sending Value) throws(E) -> sending T) throws(E) -> sending T {
        try mutex.withLock(body)
    }
}
