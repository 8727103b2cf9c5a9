import Foundation

/// Runs `body`, which blocks (waits for a child process, sleeps between polls), on a thread of its own
/// and awaits its result: an async test must not hold one of the cooperative pool's threads (two on
/// two cores) while it waits, or every other test waits behind it.
///
/// ```swift
/// let outcome = try await offThePool { try experiment.perform() }
/// ```
package func offThePool<T: Sendable, Failure: Error>(_ body: @escaping @Sendable () throws(Failure) -> T) async throws(Failure) -> T {
    let result: Result<T, Failure> = await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: Result { () throws(Failure) in try body() }) }
    }
    return try result.get()
}
