import Dispatch

/// Runs SheetLog's async API to completion from the benchmark's synchronous figure closures.
///
/// The figure runner is synchronous on purpose (a run is one blocking call between two clock
/// readings); timings inside `work` are taken in async code, around each awaited call.
///
/// ```swift
/// let drafts = try AsyncBridge.run { try await database.recoverableDrafts() }
/// ```
enum AsyncBridge {
    static func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                box.result = .success(try await work())
            } catch {
                box.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }
}

/// Carries the result from the task to the waiting thread; the semaphore orders the two accesses.
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
