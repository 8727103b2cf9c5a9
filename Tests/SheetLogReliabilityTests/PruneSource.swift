import Foundation
import GRDB
import SheetLog
import SheetLogTestSupport

/// The log the power-loss tier prunes, recorded once through the normal VFS, and the independent
/// model of what a prune of it may leave: finished sessions (present, edits, save or a confirmed
/// discard, end) recorded one after another over four days, two people's when sealed. Sessions
/// never interleave and each lies within its day, so the cut a prune before day 3 reaches is the
/// last position of the last session of day 2, whatever the prune's internals; a prune in steps
/// may stop at the end of any earlier session.
struct PruneSource {
    static let days = 4
    static let sessionsPerDay = 12
    static let midnight: Int64 = 1_767_225_600_000
    static let day: Int64 = 86_400_000

    /// Every event by position, as the file held it before the prune (each one acknowledged).
    let events: [Int64: StoredEvent]
    /// The last position of each session, in order.
    let sessionEnds: [Int64]
    /// The prune's time: day 3's midnight.
    let before = Date(timeIntervalSince1970: Double(midnight + 2 * day) / 1_000)
    /// Where a whole prune cuts: the end of the last session recorded wholly before ``before``.
    let fullCut: Int64

    /// Records the log at `path` (closed afterwards, its WAL checkpointed into the file).
    static func record(
        at path: String, options: SheetLogDatabase.Options, clock: ManualClock, seed: UInt64
    ) async throws -> PruneSource {
        let sealed = options.keys != nil
        var random = SplitMix64(seed: seed)
        let database = try SheetLogDatabase.open(path: path, options: options)
        var acknowledged: [Int64: RecordedEvent] = [:]
        var ends: [Int64] = []
        var lastBefore: Int64 = 0
        let before = midnight + 2 * day
        for day in 0..<days {
            for index in 0..<sessionsPerDay {
                clock.set(milliseconds: midnight + Int64(day) * Self.day + 8 * 3_600_000 + Int64(index) * 600_000)
                let session = "d\(day)-s\(index)"
                var commands: [SheetCommand] = [.present(presentation: "p", route: Route(name: "newExpense"), required: ["amount"])]
                for edit in 0..<(2 + random.below(6)) { commands.append(.edit(field: "amount", value: .string("\(edit)-\(random.below(1_000))-é"))) }
                commands += random.chance(75) ? [.save()] : [.attemptDismiss(source: .swipe), .confirmDiscard()]
                commands.append(.endSession)
                for command in commands {
                    clock.advance(by: 400)
                    let result = try await database.record(command, in: session, subject: sealed ? (index.isMultiple(of: 2) ? "person-a" : "person-b") : nil)
                    for event in result.events { acknowledged[event.position] = event }
                }
                let end = acknowledged.keys.max() ?? 0
                ends.append(end)
                if clock.nowMilliseconds() < before { lastBefore = end }
            }
        }
        try database.close()
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        let stored = try await queue.read { db in try StoredEvent.fetchAll(db) }
        var events: [Int64: StoredEvent] = [:]
        for event in stored where acknowledged[event.position]?.eventID == event.eventID { events[event.position] = event }
        guard events.count == acknowledged.count, stored.count == acknowledged.count else {
            throw SheetLogError(.storage, "the source log does not hold exactly the acknowledged events", context: .init(operation: "prune power loss"))
        }
        return PruneSource(events: events, sessionEnds: ends, fullCut: lastBefore)
    }

    /// The cuts a prune interrupted at any moment may leave at a session's end: none (0), or the end
    /// of a session up to the full cut (a prune in steps commits each step's cut).
    var possibleCuts: [Int64] { [0] + sessionEnds.filter { $0 <= fullCut } }

    /// The session a cut inside it (a step shorter than the session reached into it) must carry, with
    /// its last removed version: sessions never interleave, so it is the one whose positions span
    /// `cut`, and its version there is how many of its events lie at or before it. Nil for a cut at a
    /// session's end or past the full cut.
    func carriedSession(at cut: Int64) -> (session: String, version: Int64)? {
        guard cut > 0, cut < fullCut else { return nil }
        var start: Int64 = 1
        for (index, end) in sessionEnds.enumerated() {
            if cut < end, cut >= start {
                return ("d\(index / Self.sessionsPerDay)-s\(index % Self.sessionsPerDay)", cut - start + 1)
            }
            start = end + 1
        }
        return nil
    }
}

extension PruneSource {
    /// An event's stored columns (sealed values as stored), compared as a whole.
    struct StoredEvent: Equatable {
        var position: Int64
        var eventID: String
        var stream: String
        var version: Int64
        var type: String
        var payload: String
        var recordedAt: Int64
        var chain: Data

        static func fetchAll(_ db: Database) throws -> [StoredEvent] {
            try Row.fetchAll(db, sql: "SELECT position, event_id, stream, version, type, payload, recorded_at, chain FROM events ORDER BY position")
                .map { row in
                    StoredEvent(
                        position: row["position"], eventID: row["event_id"], stream: row["stream"], version: row["version"], type: row["type"],
                        payload: row["payload"], recordedAt: row["recorded_at"], chain: row["chain"])
                }
        }
    }
}
