import Foundation

/// A small mutual-exclusion lock (Foundation's `NSLock` is available on every platform we build for).
package final class Lock: @unchecked Sendable {
    private let base = NSLock()

    package init() {}

    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        base.lock()
        defer { base.unlock() }
        return try body()
    }
}
