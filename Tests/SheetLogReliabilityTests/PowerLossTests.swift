import CFaultVFS
import Foundation
import SheetLogReliability
import SheetLogSQLite
import Testing
import SheetLogTestSupport

extension FaultVFSTiers {
    /// Tier 2: simulated power loss under `SQLiteEventStore` at seeded crash points.
    @Suite("power loss")
    struct PowerLossTests {
        @Test("power loss at random crash points with the default durability loses nothing acknowledged")
        func randomCrashPointsAtDefaultDurability() async throws {
            let scratch = try TemporaryDirectory("power")
            let span = try await PowerLossRun.operationsOfWholeWorkload(in: scratch)
            var failures: [String] = []
            var insideWorkload = 0
            var counters = (torn: Int64(0), dropped: Int64(0))
            for run in 0..<TierSettings.powerLosses {
                let seed = SplitMix64.seed(TierSettings.baseSeed, run: run)
                let result = try await PowerLossRun(seed: seed, directory: scratch).perform(span: span)
                if result.crashedInsideWorkload { insideWorkload += 1 }
                counters.torn += result.counters.tornWrites
                counters.dropped += result.counters.droppedWrites
                if !result.violations.isEmpty {
                    failures.append("run \(run) seed \(seed) (SHEETLOG_SEED=\(TierSettings.baseSeed)): \(result.violations)")
                }
            }
            TierSettings.report("power-loss", [
                "powerLosses": TierSettings.powerLosses, "insideWorkload": insideWorkload,
                "tornWrites": Int(counters.torn), "droppedWrites": Int(counters.dropped), "violations": failures.count,
            ])
            #expect(failures.isEmpty, "\(failures.prefix(5))")
            #expect(insideWorkload * 10 >= TierSettings.powerLosses * 8, "crash points should fall inside the workload")
            #expect(counters.torn > 0 && counters.dropped > 0, "random crashes should tear and drop unsynced writes")
        }

        @Test("the checker has teeth: synchronous=NORMAL loses acknowledged appends at a power loss")
        func weakenedDurabilityIsCaught() async throws {
            let scratch = try TemporaryDirectory("power-normal")
            let violations = try await PowerLossRun(seed: TierSettings.baseSeed, directory: scratch, durability: .normal)
                .performDroppingEverythingAfterWorkload()
            #expect(violations.contains { $0.kind == .acknowledgedLost }, "\(violations)")
        }

        @Test("the same power loss at the default durability loses nothing")
        func defaultDurabilitySurvivesTheSamePowerLoss() async throws {
            let scratch = try TemporaryDirectory("power-full")
            let violations = try await PowerLossRun(seed: TierSettings.baseSeed, directory: scratch, durability: .full)
                .performDroppingEverythingAfterWorkload()
            #expect(violations.isEmpty, "\(violations)")
        }
    }
}
