import Foundation

/// A task executor that runs every job on one thread of its own, until ``stop()``.
///
/// A task that prefers it (`Task(executorPreference:)`) runs its nonisolated code and its default
/// actors here, not on the cooperative pool: ``InProcessCommand`` blocks the calling thread on it.
final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var stopped = false

    init() {
        let thread = Thread { [self] in runJobs() }
        // As much stack as a main thread: the command runs as deep as the binary's would.
        thread.stackSize = 8 << 20
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread once the jobs enqueued so far have run.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
