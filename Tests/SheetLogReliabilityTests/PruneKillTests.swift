import Foundation
import GRDB
import SheetLogTestSupport
import Testing

/// The SIGKILL tier on a prune (issue 37's crash safety): `sheetlog prune` killed at a random moment
/// of its run, through the real binary. Afterwards the file holds the old log or the log as of one of the prune's steps,
/// never a mix — every event or exactly the kept ones, no base or its one base — `verify` passes
/// (the chain from the base, positions, versions, the read models against a rebuild), and pruning
/// again ends where an unkilled prune ends.
@Suite("reliability: SIGKILL during a prune")
struct PruneKillTests {
    static let sheetlog = ProductBinary.url("sheetlog")
    /// Finished sessions (present, edit, save): the prunable prefix.
    static let finished = 1_500
    static let runs = 8

    @Test("killed at any moment of a prune: the old log or the log as of one of its steps, never a mix; verify passes; pruning again finishes it")
    func killsDuringAPrune() async throws {
        let directory = try TemporaryDirectory("prune-kills")
        let source = directory.path("source.sqlite")
        let ingest = try await ProductBinary.runOffThePool(
            Self.sheetlog, ["--db", source, "ingest", "-"], input: Data((Self.lines().joined(separator: "\n") + "\n").utf8))
        try #require(ingest.status == 0, "\(ingest.stderr)")
        let total = try Self.shape(source).events

        // The unkilled outcome, on a copy: what every killed run must be, or be before.
        let reference = directory.path("reference.sqlite")
        try FileManager.default.copyItem(atPath: source, toPath: reference)
        let started = ContinuousClock.now
        let pruned = try await ProductBinary.runOffThePool(Self.sheetlog, ["--db", reference, "prune", "--keep-days", "0"])
        let duration = ContinuousClock.now - started
        try #require(pruned.status == 0, "\(pruned.stderr)")
        let kept = try Self.shape(reference)
        try #require(kept.bases >= 2 && kept.events == 0, "the prune removes the log in steps: \(kept), of \(total)")
        try #require(try Self.carried(reference) == ["open"], "the open draft's state is carried across the cut")
        // A prune goes in steps, each a whole prune: a kill may leave the log as of any step that
        // committed — all the events past that step's cut, and its bases.
        let cuts = try Self.cuts(reference)
        let completedSteps = cuts.enumerated().map { LogShape(events: total - Int($0.element), bases: $0.offset + 1) }

        var random = SplitMix64(seed: TierSettings.baseSeed)
        let span = max(1, Int(duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000))
        for run in 0..<Self.runs {
            let path = directory.path("kill-\(run).sqlite")
            try FileManager.default.copyItem(atPath: source, toPath: path)
            // Most of an unkilled run is the process starting and opening the file: kills aim at its
            // later part, where the transaction and the vacuum run.
            let delay = UInt32(Int.random(in: span / 3...span + span / 10, using: &random))
            try await offThePool { try Self.pruneKilled(path: path, after: delay) }
            let context = "run \(run), killed after \(delay) µs of a \(span) µs prune (SHEETLOG_SEED=\(TierSettings.baseSeed))"
            let shape = try Self.shape(path)
            let old = shape == LogShape(events: total, bases: 0)
            #expect(old || completedSteps.contains(shape), "\(context): \(shape), neither the old log (\(total) events) nor one of \(completedSteps)")
            let verify = try await ProductBinary.runOffThePool(Self.sheetlog, ["--db", path, "verify"])
            #expect(verify.status == 0, "\(context): \(verify.stdout) \(verify.stderr)")
            let again = try await ProductBinary.runOffThePool(Self.sheetlog, ["--db", path, "prune", "--keep-days", "0"])
            #expect(again.status == 0, "\(context): \(again.stderr)")
            let after = try Self.shape(path)
            let afterCuts = try Self.cuts(path)
            #expect(after == kept, "\(context): pruning again ends where an unkilled prune ends: \(after), not \(kept); cuts \(afterCuts) vs \(cuts)")
            #expect(try Self.carried(path) == ["open"], "\(context)")
            let recover = try await ProductBinary.runOffThePool(Self.sheetlog, ["--db", path, "recover", "--json"])
            #expect(recover.stdout.contains("\"draft\""), "\(context): the carried draft is offered with its value: \(recover.stdout)")
        }
    }

    /// The sessions whose state a file's base carries.
    static func carried(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchAll(db, sql: "SELECT session FROM base_sessions ORDER BY session") }
    }

    /// The cuts of a file's bases, in order.
    static func cuts(_ path: String) throws -> [Int64] {
        let queue = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        defer { try? queue.close() }
        return try queue.read { db in try Int64.fetchAll(db, sql: "SELECT cut_position FROM log_bases ORDER BY cut_position") }
    }

    /// What a file holds: its events and its bases.
    struct LogShape: Equatable, CustomStringConvertible {
        var events: Int
        var bases: Int
        var description: String { "\(events) events, \(bases) base(s)" }
    }

    static func shape(_ path: String) throws -> LogShape {
        let queue = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        defer { try? queue.close() }
        return try queue.read { db in
            LogShape(
                events: try Int.fetchOne(db, sql: "SELECT count(*) FROM events") ?? -1,
                bases: try Int.fetchOne(db, sql: "SELECT count(*) FROM log_bases") ?? -1)
        }
    }

    /// `finished` sessions that end with their sheet saved, then one left with a draft on screen,
    /// whose state the prune carries across its cut.
    static func lines() -> [String] {
        var lines: [String] = []
        for session in 0..<finished {
            lines += [
                #"{"session":"s\#(session)","type":"present","presentation":"p","route":{"name":"newExpense"},"baseline":{"amount":"1"}}"#,
                #"{"session":"s\#(session)","type":"edit","presentation":"p","field":"amount","value":"\#(session)"}"#,
                #"{"session":"s\#(session)","type":"save","presentation":"p","values":{"amount":"\#(session)"}}"#,
            ]
        }
        lines += [
            #"{"session":"open","type":"present","presentation":"p","route":{"name":"newExpense"},"baseline":{"amount":"1"}}"#,
            #"{"session":"open","type":"edit","presentation":"p","field":"amount","value":"draft"}"#,
        ]
        return lines
    }

    /// Starts `sheetlog prune --keep-days 0` on `path` and SIGKILLs it `delay` µs later (it may
    /// have ended by then: then the file is simply pruned).
    static func pruneKilled(path: String, after delay: UInt32) throws {
        let process = Process()
        process.executableURL = sheetlog
        process.arguments = ["--db", path, "prune", "--keep-days", "0"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(delay)
        kill(process.processIdentifier, SIGKILL)
        try process.requireExit(within: .seconds(30))
    }
}
