import GRDB
import SheetLogDomain
import SheetLogProjections
import SheetLogSQLite
import Testing

/// Rebuild writes its rows with SQLite's CHECK constraints off: they must be on again for
/// everything after it, whether the rebuild succeeded or failed.
@Suite("rebuild turns the CHECK constraints back on")
struct RebuildCheckConstraintTests {
    /// A session with a draft, an alert and its answer: rows in every projection table.
    private func workload(_ harness: SheetHarness) async throws {
        try await harness.run(.present(presentation: "p1", route: Route(name: "newExpense", group: "editor"), required: ["amount"]))
        try await harness.run(.edit(field: "amount", value: 12))
        try await harness.run(.attemptDismiss(source: .swipe))
        try await harness.run(.keepEditing())
    }

    /// Statements that break a CHECK: a new one, and one GRDB cached before the rebuild.
    private func expectChecksEnforced(_ harness: SheetHarness, cached: String) throws {
        let ignored = try harness.store.writer.write { db in try Bool.fetchOne(db, sql: "PRAGMA ignore_check_constraints") }
        #expect(ignored == false)
        #expect(throws: DatabaseError.self) {
            try harness.store.writer.write { db in try db.execute(sql: "UPDATE presentations SET status = 'gone'") }
        }
        #expect(throws: DatabaseError.self) {
            try harness.store.writer.write { db in try db.execute(sql: "UPDATE dismissals SET changed_fields = 'not json'") }
        }
        #expect(throws: DatabaseError.self) {
            try harness.store.writer.write { db in try db.cachedStatement(sql: cached).execute(arguments: ["shake"]) }
        }
    }

    @Test("after a rebuild")
    func afterRebuild() async throws {
        let harness = try SheetHarness.inMemory()
        try await workload(harness)
        let cached = "UPDATE dismissals SET source = ?"
        try await harness.store.writer.write { db in _ = try db.cachedStatement(sql: cached) }
        try await harness.store.rebuildProjections()
        try expectChecksEnforced(harness, cached: cached)
        #expect(try await harness.store.verifyProjections() == [])
        // Appends after the rebuild still write rows that pass the CHECKs.
        try await harness.run(.attemptDismiss(source: .cancelButton))
        try await harness.run(.confirmDiscard())
        #expect(try await harness.store.verifyProjections() == [])
    }

    @Test("after a rebuild that failed while writing its rows")
    func afterFailedRebuild() async throws {
        let harness = try SheetHarness.inMemory()
        try await workload(harness)
        let cached = "UPDATE dismissals SET source = ?"
        try await harness.store.writer.write { db in
            _ = try db.cachedStatement(sql: cached)
            try db.execute(sql: """
                CREATE TEMP TRIGGER refuse_dismissals BEFORE INSERT ON main.dismissals
                BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
                """)
        }
        await #expect(throws: (any Error).self) { try await harness.store.rebuildProjections() }
        try await harness.store.writer.write { db in try db.execute(sql: "DROP TRIGGER temp.refuse_dismissals") }
        try expectChecksEnforced(harness, cached: cached)
        // The failed rebuild rolled back: the rows are the inline ones.
        #expect(try await harness.store.verifyProjections() == [])
    }
}
