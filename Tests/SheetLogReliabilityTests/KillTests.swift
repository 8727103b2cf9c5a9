import Foundation
import SheetLogReliability
import SheetLogSQLite
import Testing
import SheetLogTestSupport

/// Tier 1: SIGKILL the appender at a random ack (0–300) plus 0–5 ms, reopen with the production
/// store and check the log.
///
/// The child writes with `synchronous=NORMAL`: a SIGKILL leaves the OS page cache intact, so it
/// cannot tell NORMAL from FULL (tier 2 does, with simulated power loss), and NORMAL is faster.
@Suite("reliability: SIGKILL")
struct KillTests {
    @Test("killing the appender at random acks loses nothing acknowledged and stores nothing unsent")
    func randomKills() async throws {
        let scratch = try TemporaryDirectory("kills")
        var failures: [String] = []
        var acknowledged = 0
        for run in 0..<TierSettings.kills {
            let seed = SplitMix64.seed(TierSettings.baseSeed, run: run)
            let violations = try await KillRun(seed: seed, directory: scratch).perform()
            acknowledged += violations.acknowledged
            if !violations.found.isEmpty {
                failures.append("run \(run) seed \(seed) (SHEETLOG_SEED=\(TierSettings.baseSeed)): \(violations.found)")
            }
        }
        TierSettings.report("kills", ["kills": TierSettings.kills, "acknowledgedAppends": acknowledged, "violations": failures.count])
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(acknowledged > TierSettings.kills * 50, "kills should land deep inside the workloads")
    }
}

/// One kill experiment on a fresh database file.
struct KillRun {
    let seed: UInt64
    let directory: TemporaryDirectory

    struct Outcome {
        var found: [String]
        var acknowledged: Int
    }

    func perform() async throws -> Outcome {
        var random = SplitMix64(seed: seed)
        let killAfterAcks = Int.random(in: 0...300, using: &random)
        let delay = UInt32.random(in: 0...5_000, using: &random)
        let appendCount = killAfterAcks + 40
        let path = directory.path("kill-\(seed).sqlite")
        let child = try AppenderProcess(
            arguments: ["--path", path, "--seed", String(seed), "--appends", String(appendCount), "--durability", "normal"],
            errorLog: path + ".stderr")
        var lines: [String] = []
        if killAfterAcks > 0 {
            while let line = child.nextLine() {
                lines.append(line)
                if AckLine(parsing: line)?.index == killAfterAcks - 1 || line == "done" { break }
            }
        }
        usleep(delay)
        child.kill()
        lines += child.remainingLines()
        _ = child.waitForExit()
        let acks = lines.compactMap(AckLine.init(parsing:))
        let workload = Workload(seed: seed, appendCount: appendCount)
        let found = await Self.check(path: path, workload: workload, acks: acks, attempted: acks.count + 1)
        for suffix in ["", "-wal", "-shm", ".stderr"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        return Outcome(found: found.map(\.description), acknowledged: acks.count)
    }

    /// Opens the file with the production store, checks it, then resends the append in flight.
    static func check(path: String, workload: Workload, acks: [AckLine], attempted: Int) async -> [Violation] {
        do {
            let store = try SQLiteEventStore(path: path, configuration: FaultyStore.configuration())
            defer { try? store.releaseConnections() }
            let snapshot = try await LogSnapshot.read(store)
            var violations = CrashChecker(workload: workload).violations(in: snapshot, acknowledged: acks, attempted: attempted)
            if violations.isEmpty, acks.count < workload.appends.count {
                violations += await ResendCheck.violations(resending: workload.appends[acks.count], to: store)
            }
            return violations
        } catch {
            return [Violation(.unreadable, "the database cannot be read after the crash: \(error)")]
        }
    }
}
