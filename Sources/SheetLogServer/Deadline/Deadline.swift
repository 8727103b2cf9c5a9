import SheetLogCore

/// A deadline on work that may not heed its cancellation: the push's token check and store, and
/// the viewer's reads of the fleet store (``DeadlineReader``).
package enum Deadline {
    /// `body`'s value, or ``SheetLogError/Code/connectionFailed`` once `limit` has passed; then
    /// `body` is cancelled (a queued lease is withdrawn, a running transaction rolls back or, if it
    /// committed, a resend finds its events stored) and not waited for.
    ///
    /// Not waiting is the point: a statement on a connection the server's stop cut off can stay
    /// suspended past its cancellation, and a request waiting for it would never end, nor would the
    /// collector's graceful stop (SIGTERM), which waits for every request.
    package static func within<T: Sendable>(_ limit: Duration, _ operation: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let race = DeadlineRace<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                race.start(continuation, work: Task {
                    do { race.finish(.success(try await body())) } catch { race.finish(.failure(error)) }
                }, timer: Task {
                    guard (try? await Task.sleep(for: limit)) != nil else { return }
                    race.finish(.failure(SheetLogError(
                        .connectionFailed, "the fleet store did not answer \(operation) within \(limit.components.seconds) s",
                        context: .init(operation: operation))))
                })
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }
}

/// The first of a body, a timer and the caller's cancellation to finish resumes the caller; the
/// others are cancelled and not waited for. A finish before the start (the caller was cancelled
/// first) is kept and delivered at the start.
private final class DeadlineRace<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var tasks: [Task<Void, Never>] = []
        var early: Result<T, any Error>?
        var done = false
    }

    private let state = LockedBox(State())

    func start(_ continuation: CheckedContinuation<T, any Error>, work: Task<Void, Never>, timer: Task<Void, Never>) {
        let early: Result<T, any Error>? = state.withLock { state in
            state.tasks = [work, timer]
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early {
            state.withLock { $0.done = true }
            work.cancel()
            timer.cancel()
            continuation.resume(with: early)
        }
    }

    func finish(_ result: Result<T, any Error>) {
        let (continuation, tasks): (CheckedContinuation<T, any Error>?, [Task<Void, Never>]) = state.withLock { state in
            guard !state.done else { return (nil, []) }
            guard let continuation = state.continuation else {
                if state.early == nil { state.early = result }
                return (nil, [])
            }
            state.done = true
            state.continuation = nil
            return (continuation, state.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(with: result)
    }
}
