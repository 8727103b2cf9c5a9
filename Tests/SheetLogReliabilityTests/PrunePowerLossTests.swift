import CFaultVFS
import Foundation
import GRDB
import SheetLog
import SheetLogTestSupport
import Testing

extension FaultVFSTiers {
    /// The power-loss tier on a prune (issue 37's crash safety): a log of finished sessions is
    /// pruned through faultvfs and the power is cut at every sync of the prune (its transaction,
    /// the incremental vacuum, the checkpoint) and at seeded random writes; reopened, the file must
    /// hold the old log or the pruned one (or, for a prune in steps, the log as of a completed step),
    /// with every event past its cut unchanged, bases that account for exactly what went, and
    /// `verify` passing. Plain and sealed.
    @Suite("power loss during a prune")
    struct PrunePowerLossTests {
        struct Variant: CustomTestStringConvertible, Sendable {
            var sealed: Bool
            var testDescription: String { sealed ? "sealed" : "plain" }
        }

        @Test("a power cut at any moment of a prune leaves the old log or the pruned one, never a mix", arguments: [Variant(sealed: false), Variant(sealed: true)])
        func powerLossDuringPrune(_ variant: Variant) async throws {
            let directory = try TemporaryDirectory("prune-power")
            let clock = ManualClock()
            var options = SheetLogDatabase.Options(clock: clock)
            if variant.sealed { options.keys = MasterKey.generate() }
            let sourcePath = directory.path("source.sqlite")
            let source = try await PruneSource.record(at: sourcePath, options: options, clock: clock, seed: TierSettings.baseSeed)
            try #require(source.fullCut > 0 && source.fullCut < Int64(source.events.count), "the prune removes days 1 and 2 only")
            clock.set(milliseconds: PruneSource.midnight + 5 * PruneSource.day)
            let run = PrunePowerLossRun(source: source, sourcePath: sourcePath, directory: directory, options: options)

            // The unpruned and the whole prune's outcomes pass the check themselves: it accepts them.
            let untouched = try await run.check(sourcePath)
            #expect(untouched.problems.isEmpty && untouched.cut == 0, "\(untouched.problems)")
            let span = try await run.operationsOfWholePrune()
            let whole = try await run.check(directory.path("calibration.sqlite"))
            #expect(whole.problems.isEmpty && whole.cut == source.fullCut, "an uninterrupted prune: \(whole.cut ?? -1), \(whole.problems)")
            try #require(span.syncs > 0 && span.writes > 0)

            var random = SplitMix64(seed: TierSettings.baseSeed)
            // Every sync, the first write (inside the transaction: the old log must survive) and the
            // last (after the commit: the pruned log must), then seeded random writes.
            var points = (1...span.syncs).map { (FaultVFSOperation.sync, $0) } + [(.write, 1), (.write, span.writes)]
            points += (0..<TierSettings.prunePowerLossWrites).map { _ in (FaultVFSOperation.write, 1 + random.below(span.writes)) }
            var outcomes: [Int64: Int] = [:]
            for (index, (operation, point)) in points.enumerated() {
                let seed = SplitMix64.seed(TierSettings.baseSeed, run: index)
                let result = try await run.perform(name: "run-\(index)", crashOn: operation, at: point, seed: seed)
                let context = "\(variant.testDescription): crash at \(operation == .sync ? "sync" : "write") \(point) of \(operation == .sync ? span.syncs : span.writes), seed \(seed) (SHEETLOG_SEED=\(TierSettings.baseSeed))"
                #expect(result.problems.isEmpty, "\(context): \(result.problems)")
                if let cut = result.cut { outcomes[cut, default: 0] += 1 }
            }
            TierSettings.report("prune-power-loss-\(variant.testDescription)", [
                "crashPoints": points.count, "syncs": span.syncs, "writes": span.writes,
                "oldLog": outcomes[0] ?? 0, "prunedLog": outcomes[source.fullCut] ?? 0,
            ])
            // The first write comes before the commit, the last after it: both outcomes occur.
            #expect(outcomes[0] ?? 0 > 0 && outcomes[source.fullCut] ?? 0 > 0, "\(outcomes)")
        }

        @Test("the check has teeth: a base without its deletes, a cut inside a session, a lost event past the cut are each reported")
        func checkHasTeeth() async throws {
            let directory = try TemporaryDirectory("prune-power-teeth")
            let clock = ManualClock()
            let options = SheetLogDatabase.Options(clock: clock)
            let sourcePath = directory.path("source.sqlite")
            let source = try await PruneSource.record(at: sourcePath, options: options, clock: clock, seed: TierSettings.baseSeed)
            let run = PrunePowerLossRun(source: source, sourcePath: sourcePath, directory: directory, options: options)
            let base = """
                INSERT INTO log_bases (cut_position, chain, removed_events, first_recorded_at, last_recorded_at, pruned_at, erasures)
                SELECT ?1, (SELECT chain FROM events WHERE position = ?1), count(*), min(recorded_at), max(recorded_at), 0, '[]'
                FROM events WHERE position <= ?1
                """
            // Half a prune: the base is written, nothing is deleted.
            let halfPrune = try run.copy("half")
            try await DatabaseQueue(path: halfPrune).write { db in try db.execute(sql: base, arguments: [source.fullCut]) }
            #expect(try await !run.check(halfPrune).problems.isEmpty)
            // A cut inside a session that carries nothing (the last removed session's last event kept).
            let inside = try run.copy("inside")
            try await DatabaseQueue(path: inside).write { db in
                try db.execute(sql: base, arguments: [source.fullCut - 1])
                try db.execute(sql: "DELETE FROM events WHERE position <= ?", arguments: [source.fullCut - 1])
            }
            let insideCheck = try await run.check(inside)
            #expect(insideCheck.problems.contains { $0.contains("inside session") && $0.contains("carries []") }, "\(insideCheck.problems)")
            // The whole prune, then one kept event lost.
            let lost = try run.copy("lost")
            try await DatabaseQueue(path: lost).write { db in
                try db.execute(sql: base, arguments: [source.fullCut])
                try db.execute(sql: "DELETE FROM events WHERE position <= ?", arguments: [source.fullCut])
                try db.execute(sql: "DROP TRIGGER events_refuse_delete")
                try db.execute(sql: "DELETE FROM events WHERE position = ?", arguments: [source.fullCut + 3])
            }
            let lostCheck = try await run.check(lost)
            #expect(lostCheck.cut == source.fullCut && lostCheck.problems.contains { $0.contains("events kept are not") }, "\(lostCheck.problems)")
        }
    }
}
