import Dispatch
import Foundation
import Logging
import SheetLogCore
import SheetLogSQLite

/// The background prune of a database opened with a ``Retention``: at open, then at most once a
/// day (the options' clock, asked after each recorded group), in steps on a queue of its own —
/// never on the caller's actor or a thread of Swift's cooperative pool — so that an append waits
/// at most one step. Errors go to the options' logger, never to a caller; `close()` stops it after
/// the step it is in.
final class AutomaticRetention: Sendable {
    static let day: Int64 = 86_400_000

    private struct State {
        var running = false
        /// When the last run started (or the latest base was written, at open), on the options' clock.
        var lastStart: Int64?
        var closed = false
        var startedRuns = 0
        var completedRuns = 0
    }

    private let horizon: Int64
    private let backend: SQLiteBackend
    private let clock: any SheetLogClock
    private let logger: Logger
    private let state = LockedBox(State())
    private let queue = DispatchQueue(label: "SheetLog.retention", qos: .utility)
    /// Held by a run while it uses the database, given up between two steps: `close()` takes it to
    /// wait for the step in flight, after which no run touches the database (a closed GRDB
    /// connection must never be used again).
    private let gate = NSLock()

    init(horizon: Int64, backend: SQLiteBackend, clock: any SheetLogClock, logger: Logger) {
        self.horizon = horizon
        self.backend = backend
        self.clock = clock
        self.logger = logger
    }

    /// Runs started and finished since the database opened (for tests and the pause benchmark).
    var runs: (started: Int, completed: Int) { state.withLock { ($0.startedRuns, $0.completedRuns) } }

    /// Starts a run unless one runs, the database closed, or one started less than a day ago.
    func consider() {
        let now = clock.nowMilliseconds()
        let starts = state.withLock { state -> Bool in
            guard !state.running, !state.closed else { return false }
            if let last = state.lastStart, now - last < Self.day, now >= last { return false }
            state.running = true
            state.lastStart = now
            state.startedRuns += 1
            return true
        }
        guard starts else { return }
        queue.async { [self] in run(at: now) }
    }

    /// Stops the run after the step it is in, and returns once that step is over; no run starts after it.
    func close() {
        state.withLock { $0.closed = true }
        gate.lock()
        gate.unlock()
    }

    private var isClosed: Bool { state.withLock(\.closed) }

    private func run(at now: Int64) {
        gate.lock()
        var holding = true
        defer {
            if holding { gate.unlock() }
            state.withLock { $0.running = false; $0.completedRuns += 1 }
        }
        guard !isClosed else { return }
        do {
            // At open, a prune written less than a day ago (by this or another launch) counts as today's.
            if let base = try backend.store.logBaseOnCallingThread(),
               now - base.prunedAt < Self.day, now >= base.prunedAt, state.withLock({ $0.completedRuns == 0 })
            {
                state.withLock { $0.lastStart = base.prunedAt }
                return
            }
            let report = try backend.pruneInSteps(before: now - horizon, converting: false) { [self] in
                // Between two steps: a closing database takes the gate here, and no step follows.
                gate.unlock()
                holding = false
                guard !isClosed else { return false }
                gate.lock()
                holding = true
                return !isClosed
            }
            logger.info("automatic prune", metadata: [
                "removedEvents": "\(report.removedEvents)", "steps": "\(report.steps)", "cut": "\(report.cutPosition)",
                "bytesFreed": "\(report.bytesFreed)",
            ])
        } catch let error as SheetLogError where error.code == .suspended {
            // The app went to the background: the steps committed so far stay, the rest waits for
            // the first record after the resume, not for tomorrow.
            state.withLock { $0.lastStart = nil }
            logger.info("automatic prune paused by a suspension")
        } catch let error as SheetLogError {
            if !isClosed { logger.warning("automatic prune failed", metadata: ["code": "\(error.code.rawValue)", "message": "\(error.message)"]) }
        } catch {
            if !isClosed { logger.warning("automatic prune failed", metadata: ["error": "\(type(of: error))"]) }
        }
    }
}
