import Foundation
import GRDB
import SheetLogSQLite
import Testing

@Suite("The projection hook")
struct ProjectionTests {
    private func countsStore() throws -> SQLiteEventStore {
        let store = try memoryStore(projections: [TypeCountProjection()])
        try TypeCountProjection.createTable(in: store.writer)
        return store
    }

    private func counts(_ store: SQLiteEventStore) async throws -> [String: Int] {
        try await store.writer.read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT type, count FROM type_counts").map {
                ($0[0] as String, $0[1] as Int)
            })
        }
    }

    @Test("rows appear with the append, and a retried append does not count twice")
    func projectionIsUpdatedWithTheAppend() async throws {
        let store = try countsStore()
        _ = try await store.append([event("e1", type: "present"), event("e2"), event("e3")], to: "s1", expecting: .noStream)
        _ = try await store.append([event("e1", type: "present"), event("e2"), event("e3")], to: "s1", expecting: .noStream)
        #expect(try await counts(store) == ["present": 1, "edit": 2])
    }

    @Test("a projection that throws rolls the append back, and its error's values stay out of the message")
    func failingProjectionRollsBack() async throws {
        let store = try memoryStore(projections: [FailingProjection(failingType: "save")])
        _ = try await store.append([event("e1")], to: "s1", expecting: .noStream)
        let error = await #expect(throws: SheetLogError.self) {
            try await store.append([event("e2"), event("e3", type: "save", value: "secret")], to: "s1", expecting: .exact(1))
        }
        #expect(error?.code == .storage)
        #expect(error?.message.contains("projection failing") == true)
        #expect(error?.message.contains("secret") == false)
        #expect(try await store.lastPosition() == 1)
        #expect(try await store.events(withIDs: ["e2", "e3"]).isEmpty)
    }

    @Test("rebuild recreates the rows from the log; verify reports a drifted table and changes nothing")
    func rebuildAndVerify() async throws {
        let store = try countsStore()
        _ = try await store.append([event("e1", type: "present"), event("e2"), event("e3")], to: "s1", expecting: .noStream)
        #expect(try await store.verifyProjections().isEmpty)

        try await store.writer.write { db in
            try db.execute(sql: "UPDATE type_counts SET count = 7 WHERE type = 'edit'")
        }
        let mismatches = try await store.verifyProjections()
        #expect(mismatches == [ProjectionMismatch(projection: "typeCounts", table: "type_counts", row: 1, columns: ["count"],
                                                  storedRowCount: 2, rebuiltRowCount: 2)])
        #expect(try await counts(store)["edit"] == 7, "verify rolled its rebuild back")

        try await store.writer.write { db in try db.execute(sql: "DELETE FROM type_counts WHERE type = 'present'") }
        #expect(try await store.verifyProjections() == [
            ProjectionMismatch(projection: "typeCounts", table: "type_counts", row: 1, columns: ["count"],
                               storedRowCount: 1, rebuiltRowCount: 2),
        ])

        try await store.rebuildProjections()
        #expect(try await counts(store) == ["present": 1, "edit": 2])
        #expect(try await store.verifyProjections().isEmpty)
    }

    @Test("the default rebuild reads the log in chunks")
    func rebuildReadsInChunks() async throws {
        let store = try countsStore()
        _ = try await store.append((1...25).map { event("e\($0)") }, to: "s1", expecting: .noStream)
        let rebuilt = try await store.writer.write { db in
            try TypeCountProjection().rebuild(from: EventLogReader(db: db, chunkSize: 10), in: db)
            return try Int.fetchOne(db, sql: "SELECT count FROM type_counts WHERE type = 'edit'")
        }
        #expect(rebuilt == 25)
    }

    @Test("a failing COMMIT is reported as commitOutcomeUnknown, and the store stays usable")
    func commitFailureIsOutcomeUnknown() async throws {
        let store = try memoryStore(projections: [DeferredViolationProjection()])
        try DeferredViolationProjection.createTables(in: store.writer)
        let error = await #expect(throws: SheetLogError.self) {
            try await store.append([event("e1", type: "orphan")], to: "s1", expecting: .noStream)
        }
        #expect(error?.code == .commitOutcomeUnknown)
        #expect(error?.context.eventID == "e1")
        #expect(error?.context.sqliteCode == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
        #expect(error?.message.contains("look the event ids up") == true)
        #expect(try await store.events(withIDs: ["e1"]).isEmpty)
        let next = try await store.append([event("e2")], to: "s1", expecting: .noStream)
        #expect(next.positions == [1])
    }
}
