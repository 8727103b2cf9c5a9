import Foundation

/// A value shared between threads, reachable only while its lock is held.
///
/// The one shape every shared mutable state in SheetLog takes (caches, queues, tickets, clocks):
/// the value and its lock cannot be separated, so no access forgets the lock. `Synchronization.Mutex`
/// would do the same but needs macOS 15 / iOS 18; SheetLog supports macOS 14 / iOS 17.
///
/// ```swift
/// let counter = LockedBox(0)
/// counter.withLock { $0 += 1 }
/// let now = counter.withLock { $0 }
/// ```
package final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock; what `body` changes is kept.
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
