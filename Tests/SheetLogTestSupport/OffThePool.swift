import Foundation

/// Runs `body`, which blocks (waits for a child process, sleeps between polls), on a thread of its own
/// and awaits its result: an async test must not hold one of the cooperative pool's threads (two on
/// two cores) while it waits, or every other test waits behind it.
///
/// ```swift
/// let outcome = try await offThePool { try experiment.perform() }
/// ```
package func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    let result: Result<T, any Error> = await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: Result { try body() }) }
    }
    return try result.get()
}
