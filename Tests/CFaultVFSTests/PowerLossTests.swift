import CFaultVFS
import Testing

extension FaultVFSTests {
    @Suite("Simulated power loss")
    struct PowerLossTests {
        @Test("synchronous=FULL in WAL mode: 50 random crash points lose no acknowledged commit")
        func fullSyncInWALModeSurvivesRandomCrashes() throws {
            var crashesInsideWorkload = 0
            var tornWrites: Int64 = 0
            var droppedWrites: Int64 = 0
            for seed in UInt64(1)...50 {
                let run = CrashRun(seed: seed, journalMode: "WAL", transactions: 20,
                                   writesPerTransaction: 6, syncsPerTransaction: 1)
                let result = try run.perform()
                #expect(result.violations.isEmpty, "seed \(seed): \(result.violations)")
                if result.crashedInsideWorkload { crashesInsideWorkload += 1 }
                tornWrites += result.counters.tornWrites
                droppedWrites += result.counters.droppedWrites
            }
            #expect(crashesInsideWorkload >= 40, "crash points should fall inside the workload")
            #expect(tornWrites > 0, "random mode should tear some writes")
            #expect(droppedWrites > 0, "random mode should drop some writes")
        }

        @Test("synchronous=FULL with a rollback journal: 20 random crash points lose nothing")
        func fullSyncWithRollbackJournalSurvivesRandomCrashes() throws {
            for seed in UInt64(101)...120 {
                let run = CrashRun(seed: seed, journalMode: "DELETE", transactions: 12,
                                   writesPerTransaction: 10, syncsPerTransaction: 3)
                let result = try run.perform()
                #expect(result.violations.isEmpty, "seed \(seed): \(result.violations)")
            }
        }

        @Test("weakened durability loses acknowledged commits at a power loss",
              arguments: ["NORMAL", "OFF"])
        func weakenedDurabilityIsCaught(synchronous: String) throws {
            let violations = try violationsAfterDropAll(synchronous: synchronous)
            #expect(violations.contains { $0.hasPrefix("acknowledged transactions lost") })
        }

        @Test("the same power loss with synchronous=FULL loses nothing")
        func fullDurabilityLosesNothingAtTheSamePowerLoss() throws {
            #expect(try violationsAfterDropAll(synchronous: "FULL").isEmpty)
        }

        private func violationsAfterDropAll(synchronous: String) throws -> [String] {
            let sandbox = try Sandbox()
            let workload = CommitWorkload(seed: 7)
            let outcome: WorkloadOutcome
            do {
                let database = try sandbox.openFaulty("weak.db")
                try #require(database.execute("PRAGMA synchronous=\(synchronous)") == SQLITE_OK)
                outcome = workload.run(1...10, on: database)
                try #require(outcome.acknowledged == 10)
                #expect(faultvfs_crash(7, .dropAll) == SQLITE_OK)
                withExtendedLifetime(database) {}
            }
            faultvfs_reset()
            let reopened = try sandbox.openAfterRestart("weak.db")
            return try workload.violations(in: reopened, acknowledged: outcome.acknowledged, attempted: outcome.attempted)
        }
    }
}
