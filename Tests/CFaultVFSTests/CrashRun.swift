import CFaultVFS
import Foundation
import SheetLogTestSupport

/// One power-loss experiment: a workload on a fresh database through faultvfs, a crash at a
/// seeded point (a write or a sync inside the workload), a restart through the unix VFS, a verdict.
struct CrashRun {
    let seed: UInt64
    let journalMode: String
    let transactions: Int
    /// Rough operation counts per transaction, used only to aim the crash point inside the workload.
    let writesPerTransaction: Int
    let syncsPerTransaction: Int

    struct Result {
        var violations: [String]
        var crashedInsideWorkload: Bool
        var counters: FaultVFSCounters
    }

    func perform() throws -> Result {
        let sandbox = try Sandbox()
        let workload = CommitWorkload(seed: seed)
        var random = SplitMix64(seed: seed)
        let outcome: WorkloadOutcome
        let crashedInsideWorkload: Bool
        do {
            let database = try sandbox.openFaulty("crash.db", journalMode: journalMode)
            let onSync = random.next() % 2 == 0
            let span = transactions * (onSync ? syncsPerTransaction : writesPerTransaction)
            let point = Int32(random.next() % UInt64(span)) + 1
            faultvfs_crash_on(onSync ? .sync : .write, point, seed, .random, 0)
            outcome = workload.run(1...transactions, on: database)
            crashedInsideWorkload = faultvfs_is_crashed() != 0
            if !crashedInsideWorkload { faultvfs_crash(seed, .random) }
            withExtendedLifetime(database) {}
        }
        let counters = faultvfs_counters()
        faultvfs_reset()
        let violations: [String]
        do {
            let reopened = try sandbox.openAfterRestart("crash.db")
            violations = try workload.violations(
                in: reopened, acknowledged: outcome.acknowledged, attempted: outcome.attempted)
        } catch {
            violations = ["database unreadable after restart: \(error)"]
        }
        return Result(violations: violations, crashedInsideWorkload: crashedInsideWorkload, counters: counters)
    }
}
