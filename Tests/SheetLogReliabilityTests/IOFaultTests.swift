import CFaultVFS
import SheetLogReliability
import SheetLogSQLite
import Testing
import SheetLogTestSupport

extension FaultVFSTiers {
    /// Tier 3: write N / sync N failing, once and persistently, inside one append and during the
    /// restart after a crash.
    @Suite("I/O faults")
    struct IOFaultTests {
        @Test("every write and sync of one append failing, once or persistently, gives a typed error and a sound file")
        func everyOperationOfOneAppend() async throws {
            let scratch = try TemporaryDirectory("io-append")
            let run = IOFaultRun(directory: scratch, seed: TierSettings.baseSeed)
            let operations = try await run.operationsOfOneAppend()
            try #require(operations.writes > 0 && operations.syncs > 0)
            var problems: [String] = []
            var surfaced: [SheetLogError.Code: Int] = [:]
            var faults = 0
            for fault in InjectedFault.all(n: 1) {
                for n in 1...(fault.operation == .write ? operations.writes : operations.syncs) {
                    var fault = fault
                    fault.n = n
                    faults += 1
                    let outcome = try await run.faultInsideAppend(fault, crashAfterwards: n % 2 == 0)
                    problems += outcome.problems
                    if let code = outcome.surfaced { surfaced[code, default: 0] += 1 } else { problems.append("\(fault) never reached the caller") }
                }
            }
            TierSettings.report("io-faults-append", ["faults": faults, "violations": problems.count])
            print("reliability io-faults-append codes: \(surfaced)")
            #expect(problems.isEmpty, "\(problems.prefix(5)) (SHEETLOG_SEED=\(TierSettings.baseSeed))")
            #expect(surfaced[.commitOutcomeUnknown, default: 0] > 0)
        }

        @Test("every write and sync of the restart after a power loss failing gives a typed error and loses nothing")
        func everyOperationOfTheRestart() async throws {
            let scratch = try TemporaryDirectory("io-restart")
            let run = IOFaultRun(directory: scratch, seed: TierSettings.baseSeed)
            let template = try await run.crashedTemplate()
            let operations = try await run.operationsOfRestart(from: template.path)
            try #require(operations.writes > 0 && operations.syncs > 0)
            var problems: [String] = []
            var faults = 0
            var surfaced = 0
            for fault in InjectedFault.all(n: 1) {
                for n in 1...(fault.operation == .write ? operations.writes : operations.syncs) {
                    var fault = fault
                    fault.n = n
                    faults += 1
                    let outcome = try await run.faultDuringRestart(fault, template: template)
                    problems += outcome.problems
                    if outcome.surfaced != nil { surfaced += 1 }
                }
            }
            print("reliability io-faults-restart: \(surfaced) of \(faults) faults surfaced as errors")
            #expect(surfaced > 0)
            TierSettings.report("io-faults-restart", ["faults": faults, "violations": problems.count])
            #expect(problems.isEmpty, "\(problems.prefix(5)) (SHEETLOG_SEED=\(TierSettings.baseSeed))")
        }

        @Test("random I/O faults during seeded workloads: typed errors, nothing acknowledged lost")
        func randomFaults() async throws {
            let scratch = try TemporaryDirectory("io-random")
            let deadline = TierSettings.randomIOFaultSeconds.map { ContinuousClock.now + .seconds($0) }
            var problems: [String] = []
            var runs = 0
            while deadline.map({ ContinuousClock.now < $0 }) ?? (runs < TierSettings.randomIOFaultRuns) {
                let seed = SplitMix64.seed(TierSettings.baseSeed, run: runs)
                var random = SplitMix64(seed: seed)
                let run = IOFaultRun(directory: scratch, seed: seed)
                var fault = random.pick(InjectedFault.all(n: 1))
                fault.n = Int.random(in: 1...(fault.operation == .write ? 12 : 3), using: &random)
                problems += try await run.faultInsideAppend(fault, crashAfterwards: random.chance(50)).problems.map { "seed \(seed): \($0)" }
                runs += 1
            }
            TierSettings.report("io-faults-random", ["faults": runs, "violations": problems.count])
            #expect(problems.isEmpty, "\(problems.prefix(5)) (SHEETLOG_SEED=\(TierSettings.baseSeed))")
        }
    }
}
