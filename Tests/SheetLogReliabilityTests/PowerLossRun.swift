import CFaultVFS
import Foundation
import SheetLogReliability
import SheetLogSQLite
import SheetLogTestSupport

/// One power-loss experiment: the store appends a seeded workload through faultvfs until a crash
/// point fires (a write or a sync), then the file is reopened through the unix VFS and checked.
struct PowerLossRun {
    static let appendCount = 24

    let seed: UInt64
    let directory: TemporaryDirectory
    var durability: SQLiteEventStore.Durability = .full

    struct Result {
        var violations: [Violation]
        var crashedInsideWorkload: Bool
        var counters: FaultVFSCounters
    }

    /// Writes and syncs of a whole workload without a crash, to aim crash points inside it.
    static func operationsOfWholeWorkload(in directory: TemporaryDirectory) async throws -> (writes: Int, syncs: Int) {
        let path = directory.path("calibration.sqlite")
        let store = try FaultyStore.open(path)
        defer { FaultyStore.closeAndRestart(store) }
        let workload = Workload(seed: 1, appendCount: appendCount)
        return try await FaultyStore.operations {
            for append in workload.appends { _ = try await store.append(append.batches) }
        }
    }

    func perform(span: (writes: Int, syncs: Int)) async throws -> Result {
        var random = SplitMix64(seed: seed)
        let path = directory.path("power-\(seed).sqlite")
        defer { remove(path) }
        let workload = Workload(seed: seed, appendCount: Self.appendCount)
        let store = try FaultyStore.open(path, durability: durability)
        if random.chance(50) {
            // Checkpoints every few pages, so that crash points also land in checkpoints.
            try await store.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 8") }
        }
        let onSync = random.chance(40)
        let point = Int.random(in: 1...max(1, onSync ? span.syncs : span.writes), using: &random)
        faultvfs_crash_on(onSync ? .sync : .write, Int32(point), seed, .random, 0)
        var (acks, attempted, violations) = await appendUntilFailure(workload, to: store)
        let crashedInsideWorkload = faultvfs_is_crashed() != 0
        if !crashedInsideWorkload { faultvfs_crash(seed, .random) }
        let counters = faultvfs_counters()
        FaultyStore.closeAndRestart(store)
        violations += await KillRun.check(path: path, workload: workload, acks: acks, attempted: attempted)
        return Result(violations: violations, crashedInsideWorkload: crashedInsideWorkload, counters: counters)
    }

    /// The whole workload acknowledged, then a power loss that drops every unsynced write.
    func performDroppingEverythingAfterWorkload() async throws -> [Violation] {
        let path = directory.path("drop-\(seed).sqlite")
        defer { remove(path) }
        let workload = Workload(seed: seed, appendCount: 12)
        let store = try FaultyStore.open(path, durability: durability)
        let (acks, attempted, violations) = await appendUntilFailure(workload, to: store)
        faultvfs_crash(seed, .dropAll)
        FaultyStore.closeAndRestart(store)
        return violations + (await KillRun.check(path: path, workload: workload, acks: acks, attempted: attempted))
    }

    /// Appends until the first error, which must be a ``SheetLogError``.
    private func appendUntilFailure(
        _ workload: Workload, to store: SQLiteEventStore
    ) async -> (acks: [AckLine], attempted: Int, violations: [Violation]) {
        var acks: [AckLine] = []
        for append in workload.appends {
            do {
                let result = try await store.append(append.batches)
                acks.append(AckLine(index: append.index, stored: result.events))
            } catch is SheetLogError {
                return (acks, append.index + 1, [])
            } catch {
                return (acks, append.index + 1, [Violation(.unreadable, "append #\(append.index) failed with an untyped \(type(of: error))")])
            }
        }
        return (acks, workload.appends.count, [])
    }

    private func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
