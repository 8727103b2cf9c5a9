import Foundation
import GRDB
import SheetLogSQLite
import Testing

/// Migration 0004 dropped `events_by_type`: appends write one b-tree fewer, type-filtered reads still work.
@Suite("Indexes of the events table")
struct EventIndexTests {
    @Test("after the migrations, events has exactly the indexes of its UNIQUE constraints")
    func onlyTheUniqueIndexes() throws {
        let store = try memoryStore()
        let indexes = try store.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' ORDER BY name")
        }
        // SQLite's automatic indexes of `event_id UNIQUE` and `UNIQUE (stream, version)`.
        #expect(indexes.count == 2)
        #expect(indexes.allSatisfy { $0.hasPrefix("sqlite_autoindex_events_") })
    }

    @Test("a type-filtered read walks the position range in order, with no sort, and returns the same events")
    func typeFilteredReadsWalkPositions() async throws {
        let store = try memoryStore()
        for index in 1...30 {
            let type = index.isMultiple(of: 3) ? "attemptDismiss" : index.isMultiple(of: 5) ? "present" : "edit"
            _ = try await store.append([event("e\(index)", type: type)], to: "s\(index % 4)", expecting: .any)
        }
        let plan = try await store.writer.read { db in
            try Row.fetchAll(db, sql: """
                EXPLAIN QUERY PLAN SELECT position FROM events
                WHERE position > ? AND position <= ? AND type IN (?, ?) ORDER BY position LIMIT ?
                """, arguments: [0, Int64.max, "present", "attemptDismiss", 100]).map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("INTEGER PRIMARY KEY") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")

        let dismissals = try await store.readAll(after: 0, through: nil, limit: nil, types: ["attemptDismiss", "present"])
        let expected = (1...30).filter { $0.isMultiple(of: 3) || $0.isMultiple(of: 5) }.map { "e\($0)" }
        #expect(dismissals.map(\.eventID) == expected)
        #expect(dismissals.map(\.position) == dismissals.map(\.position).sorted())
        let page = try await store.readAll(after: dismissals[2].position, through: nil, limit: 2, types: ["present"])
        #expect(page.map(\.eventID) == ["e10", "e20"])
    }
}
