import CFaultVFS
import Foundation
import GRDB
import SheetLog
import SheetLogReliability
import SheetLogTestSupport

/// One power loss during a prune: a copy of the source log is opened through faultvfs, a crash
/// point is armed inside the prune (its transaction, the incremental vacuum, the checkpoint), the
/// prune runs until the crash, and the file is reopened through the unix VFS and checked against
/// ``PruneSource``'s model.
struct PrunePowerLossRun {
    let source: PruneSource
    let sourcePath: String
    let directory: TemporaryDirectory
    let options: SheetLogDatabase.Options

    /// Writes and syncs of a whole prune of the source, to aim crash points inside it.
    func operationsOfWholePrune() async throws -> (writes: Int, syncs: Int) {
        let path = try copy("calibration")
        let database = try SheetLogDatabase.open(path: FaultyStore.uri(path), options: options)
        defer {
            try? database.close()
            faultvfs_reset()
        }
        return try await FaultyStore.operations { _ = try await database.prune(before: source.before) }
    }

    /// Crashes at `operation` number `point` of the prune (or just after it, when the prune spends
    /// fewer), then checks; returns the problems found and the cut the file was left at.
    func perform(name: String, crashOn operation: FaultVFSOperation, at point: Int, seed: UInt64) async throws -> (problems: [String], cut: Int64?) {
        let path = try copy(name)
        defer { for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        do {
            let database = try SheetLogDatabase.open(path: FaultyStore.uri(path), options: options)
            faultvfs_crash_on(operation, Int32(point), seed, .random, 0)
            _ = try? await database.prune(before: source.before)
            if faultvfs_is_crashed() == 0 { faultvfs_crash(seed, .random) }
            try? database.close()
        }
        faultvfs_reset()
        return try await check(path)
    }

    /// Verify passes; the events are the source's from one possible cut on, unchanged; the bases
    /// account for exactly what was removed.
    func check(_ path: String) async throws -> (problems: [String], cut: Int64?) {
        var problems: [String] = []
        let reopened = try SheetLogDatabase.open(path: path, options: options)
        let report = try await reopened.verify()
        try reopened.close()
        if let failure = report.firstFailure { problems.append("verify: \(failure.name): \(failure.detail)") }

        let queue = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        defer { try? queue.close() }
        let (rows, bases, carried) = try queue.read { db in
            (try PruneSource.StoredEvent.fetchAll(db),
             try Row.fetchAll(db, sql: "SELECT cut_position, chain, removed_events, first_recorded_at, last_recorded_at, erasures FROM log_bases ORDER BY cut_position"),
             try Row.fetchAll(db, sql: "SELECT session, version FROM base_sessions ORDER BY session").map { ($0[0] as String, $0[1] as Int64) })
        }
        let cut = (rows.first?.position ?? Int64(source.events.count + 1)) - 1
        // A cut inside a session (a step reached into it) carries that session, and only it.
        if let inside = source.carriedSession(at: cut) {
            if carried.map(\.0) != [inside.session] || carried.first?.1 != inside.version {
                problems.append("the log is cut at \(cut), inside session \(inside.session) at version \(inside.version), and carries \(carried)")
            }
        } else if !source.possibleCuts.contains(cut) {
            return (problems + ["the kept log begins at \(cut + 1): no cut of an old, a pruned or a partly pruned log (\(source.possibleCuts))"], nil)
        } else if !carried.isEmpty {
            problems.append("the log is cut at a session's end (\(cut)) and carries \(carried)")
        }
        // Every acknowledged event past the cut, as it was before the prune.
        let expected = source.events.values.filter { $0.position > cut }.sorted { $0.position < $1.position }
        if rows != expected { problems.append("the \(rows.count) events kept are not the \(expected.count) the log held past cut \(cut)") }
        // The bases: none for the old log; otherwise the latest at the cut, linking to the first kept
        // event, and together every removed event, from the first recorded time to the cut's.
        if cut == 0 {
            if !bases.isEmpty { problems.append("the old log with \(bases.count) base(s)") }
        } else if let latest = bases.last {
            let removed = bases.reduce(Int64(0)) { $0 + ($1["removed_events"] as Int64) }
            let firstRecorded = bases.map { $0["first_recorded_at"] as Int64 }.min()
            let latestCut: Int64 = latest["cut_position"], lastRecorded: Int64 = latest["last_recorded_at"]
            let chain: Data = latest["chain"], erasures: String = latest["erasures"]
            if latestCut != cut { problems.append("the latest base cuts at \(latestCut), the log at \(cut)") }
            if chain != source.events[cut]?.chain { problems.append("the base's chain is not the chain of the event at the cut") }
            if removed != cut { problems.append("the bases count \(removed) removed events, the cut is \(cut)") }
            if firstRecorded != source.events[1]?.recordedAt || lastRecorded != source.events[cut]?.recordedAt {
                problems.append("the bases' time range is not the removed events'")
            }
            if erasures != "[]" { problems.append("the base carries erasures the log never had") }
        } else {
            problems.append("the log is cut at \(cut) without a base")
        }
        return (problems, cut)
    }

    func copy(_ name: String) throws -> String {
        let path = directory.path("\(name).sqlite")
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: sourcePath, toPath: path)
        return path
    }
}
