import Foundation
import GRDB
import SheetLog
import SheetLogSQLite
import SheetLogTestSupport
import Testing

/// A prune in bounded steps (issue 37 item 6): each step a whole prune of at most a few positions,
/// together the same log as one prune, with a base per step.
@Suite("retention: prune in steps")
struct PruneStepsTests {
    static let day: Int64 = 86_400_000

    /// `sessions` finished sessions of `edits` edits each (edits + 3 events: present, save, end), then one 30 days later.
    static func database(_ directory: TemporaryDirectory, name: String, sessions: Int, edits: Int) async throws -> (SheetLogDatabase, ManualClock) {
        let clock = ManualClock()
        let database = try SheetLogDatabase.open(path: directory.path(name), options: testOptions(clock: clock))
        for index in 0..<sessions {
            let session = "s\(index)"
            // Ids of their own, so that two databases built alike hold the same events, chain included.
            try await database.record(.present(presentation: "p1", route: .newExpense), in: session, id: "\(session)-open")
            for edit in 0..<edits {
                try await database.record(.edit(field: "amount", value: .string("\(edit)")), in: session, id: "\(session)-\(edit)")
            }
            try await database.record(.save(), in: session, id: "\(session)-save")
            try await database.record(.endSession, in: session, id: "\(session)-end")
        }
        clock.advance(by: 30 * day)
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "today", id: "today-open")
        return (database, clock)
    }

    static func cutoff(_ clock: ManualClock) -> Int64 { clock.nowMilliseconds() - 14 * day }

    /// Every row a reader sees: the kept events (without recorded times, which differ between twins) and the read models.
    static func rows(_ database: SheetLogDatabase) async throws -> [String] {
        let sqlite = try #require(database.backend as? SQLiteBackend)
        return try sqlite.store.readOnCallingThread { db in
            var rows: [String] = []
            for sql in [
                "SELECT position, event_id, stream, version, type, payload FROM events ORDER BY position",
                "SELECT * FROM sessions ORDER BY session", "SELECT * FROM presentations ORDER BY session, presentation",
                "SELECT * FROM dismissals ORDER BY position", "SELECT session, last_version FROM pruned_sessions ORDER BY session",
            ] {
                rows += try Row.fetchAll(db, sql: sql).map(\.description)
            }
            return rows
        }
    }

    static func bases(_ database: SheetLogDatabase) throws -> [(cut: Int64, removed: Int64)] {
        let sqlite = try #require(database.backend as? SQLiteBackend)
        return try sqlite.store.readOnCallingThread { db in
            try Row.fetchAll(db, sql: "SELECT cut_position, removed_events FROM log_bases ORDER BY cut_position").map { ($0[0], $0[1]) }
        }
    }

    @Test("steps of 50 positions give the log one prune gives, with a base per step")
    func stepsEqualOnePrune() async throws {
        let directory = try TemporaryDirectory("prune-steps")
        let (stepped, clock) = try await Self.database(directory, name: "stepped.sqlite", sessions: 40, edits: 7)
        let (whole, wholeClock) = try await Self.database(directory, name: "whole.sqlite", sessions: 40, edits: 7)
        let sqlite = try #require(stepped.backend as? SQLiteBackend)
        let report = try await sqlite.prune(before: Self.cutoff(clock), stepEvents: 50)
        let wholeReport = try await (whole.backend as! SQLiteBackend).prune(before: Self.cutoff(wholeClock), stepEvents: .max)

        #expect(report.removedEvents == 400 && report.removedSessions == 40, "\(report)")
        #expect(report.cutPosition == wholeReport.cutPosition && report.stoppedBy == wholeReport.stoppedBy)
        #expect(wholeReport.steps == 1)
        let bases = try Self.bases(stepped)
        #expect(report.steps == bases.count && bases.count >= 8, "\(bases)")
        // Each step 50 positions, the last what is left.
        var previous: Int64 = 0
        for base in bases {
            #expect((base.cut - previous == 50 || base.cut == 400) && base.removed == base.cut - previous, "\(bases)")
            previous = base.cut
        }
        #expect(try await Self.rows(stepped) == (try await Self.rows(whole)))
        #expect(try await stepped.logBase()?.chain == (try await whole.logBase()?.chain))
        for database in [stepped, whole] {
            let failed = try await database.verify().checks.filter { !$0.passed }.map(\.detail)
            #expect(failed.isEmpty, "\(failed)")
            try database.close()
        }
    }

    @Test("a session longer than a step is carried from step to step, then removed whole; the log equals one prune's")
    func aLongSessionIsCarriedAcrossSteps() async throws {
        let directory = try TemporaryDirectory("prune-long")
        let (database, clock) = try await Self.database(directory, name: "long.sqlite", sessions: 2, edits: 77)
        let (whole, wholeClock) = try await Self.database(directory, name: "whole.sqlite", sessions: 2, edits: 77)
        let report = try await (database.backend as! SQLiteBackend).prune(before: Self.cutoff(clock), stepEvents: 30)
        _ = try await (whole.backend as! SQLiteBackend).prune(before: Self.cutoff(wholeClock), stepEvents: .max)
        #expect(report.removedEvents == 160 && report.steps == 6 && report.removedSessions == 2 && report.carriedSessions == 0, "\(report)")
        #expect(try Self.bases(database).map(\.cut) == [30, 60, 90, 120, 150, 160])
        #expect(try await Self.rows(database) == (try await Self.rows(whole)))
        #expect(try await database.verify().isHealthy)
        try database.close()
        try whole.close()
    }

    /// A step holds SQLite's automatic checkpoint off and checkpoints in an access of its own
    /// (`writeInBackgroundStep`): the writer's own threshold must come back after every step and
    /// vacuum chunk, or the app's appends would stop checkpointing and the WAL grow without end.
    @Test("a prune leaves the writer's automatic checkpoint threshold as it found it")
    func pruneRestoresTheCheckpointThreshold() async throws {
        let directory = try TemporaryDirectory("prune-checkpoint")
        let (database, clock) = try await Self.database(directory, name: "log.sqlite", sessions: 30, edits: 6)
        let sqlite = try #require(database.backend as? SQLiteBackend)
        try sqlite.store.writeOnCallingThread { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 77") }
        var thresholds: [Int] = []
        let stepped = try sqlite.store.prune(before: Self.cutoff(clock), stepEvents: 40) {
            thresholds.append((try? sqlite.store.writeOnCallingThread { db in try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") }) ?? -1)
            return thresholds.count < 3
        }
        #expect(stepped.steps == 3 && thresholds == [77, 77, 77], "\(stepped) \(thresholds)")
        let rest = try await database.prune(before: Date(timeIntervalSince1970: Double(Self.cutoff(clock)) / 1_000))
        #expect(rest.removedEvents > 0 && rest.bytesFreed > 0, "\(rest)")
        let after = try sqlite.store.writeOnCallingThread { db in try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") }
        #expect(after == 77, "after the vacuum's chunks and the final checkpoint")
        #expect(try await database.verify().isHealthy)
        try database.close()
    }
}
