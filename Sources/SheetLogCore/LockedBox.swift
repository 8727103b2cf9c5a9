import Foundation

/// A value shared between threads, reachable only while its lock is held.
///
/// The one shape every shared mutable state of the library takes (caches, queues, tickets, clocks):
/// the value and its lock cannot be separated, so no access forgets the lock, and the box is a
/// reference, so closures and structs can share it.
///
/// Not `Synchronization.Mutex` beneath: on Linux its futex lives in the standard library, which is
/// not built for ThreadSanitizer, so the CI's TSan run reported every access under it as a race
/// (RecordQueue's, 3 reports in OrderingTests). `NSLock` is a pthread mutex there and an
/// `os_unfair_lock` on Apple platforms, both of which ThreadSanitizer follows.
///
/// ```swift
/// let counter = LockedBox(0)
/// counter.withLock { $0 += 1 }
/// let now = counter.withLock { $0 }
/// ```
package final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock; what `body` changes is kept.
    package func withLock<T, E: Error>(_ body: (inout sending Value) throws(E) -> sending T) throws(E) -> sending T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
