import PostgresNIO
import SheetLogCore

extension PostgresConnection {
    /// Runs `body` on this connection, and throws as soon as the connection closes if `body` has not
    /// finished by then.
    ///
    /// postgres-nio 1.33.2 never completes a statement written to a connection whose channel has
    /// already closed (the write's failure goes to no promise), so a server restart that lands
    /// between two statements (`pg_ctl restart -m immediate`) left an import waiting for ever, with
    /// no socket. This watch turns that into the closed connection's error. `body`'s task may stay
    /// suspended on the lost statement; it holds nothing but memory, and a command exits after the
    /// error anyway.
    func untilClosed<T: Sendable>(
        _ closedError: @escaping @Sendable () -> any Error, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        // The body runs in a task of its own, which the caller's cancellation must reach even when it
        // came first: `onCancel` then runs before the task exists, so it is remembered.
        let work = LockedBox<(task: Task<Void, Never>?, cancelled: Bool)>((nil, false))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let resumed = LockedBox(false)
                let finish: @Sendable (Result<T, any Error>) -> Void = { result in
                    guard resumed.withLock({ done in defer { done = true }; return !done }) else { return }
                    continuation.resume(with: result)
                }
                closeFuture.whenComplete { _ in finish(.failure(closedError())) }
                let task = Task { finish(await Result(catching: { try await body(self) })) }
                let cancelled = work.withLock { state in
                    state.task = task
                    return state.cancelled
                }
                if cancelled { task.cancel() }
            }
        } onCancel: {
            work.withLock { state in
                state.cancelled = true
                return state.task
            }?.cancel()
        }
    }
}

extension Result where Failure == any Error {
    /// The result of `body`, awaited.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
