import Foundation
import GRDB
@testable import SheetLogSQLite
import Testing

@Suite("Append-only log and its integrity")
struct LogIntegrityTests {
    @Test("triggers refuse UPDATE and DELETE on events", arguments: [
        "UPDATE events SET type = 'other' WHERE position = 1",
        "DELETE FROM events WHERE position = 1",
    ])
    func triggersRefuseChanges(statement: String) async throws {
        let store = try memoryStore()
        _ = try await store.append([event("e1")], to: "s1", expecting: .noStream)
        let error = try #require(throws: DatabaseError.self) {
            try store.writer.write { db in try db.execute(sql: statement) }
        }
        #expect(error.message?.hasPrefix("events are append-only:") == true)
        #expect(try await store.readAll().map(\.type) == ["edit"])
    }

    @Test("verifyChain names the first tampered position")
    func tamperedRowIsFound() async throws {
        let store = try memoryStore()
        for index in 1...5 {
            _ = try await store.append([event("e\(index)")], to: "s1", expecting: .any)
        }
        #expect(try await store.verifyChain() == ChainVerification(checkedEvents: 5, firstBrokenPosition: nil))
        try await store.writer.write { db in
            try db.execute(sql: "DROP TRIGGER events_refuse_update")
            try db.execute(sql: #"UPDATE events SET payload = '{"field":"amount","value":"0.01"}' WHERE position = 3"#)
        }
        #expect(try await store.verifyChain() == ChainVerification(checkedEvents: 3, firstBrokenPosition: 3))
    }

    @Test("verifyChain walks a log longer than one chunk")
    func verificationSpansChunks() async throws {
        let store = try memoryStore()
        let count = SQLiteEventStore.verificationChunkSize + 10
        let events = (1...count).map { event("bulk-\($0)") }
        _ = try await store.append(events, to: "bulk", expecting: .noStream)
        #expect(try await store.verifyChain() == ChainVerification(checkedEvents: count, firstBrokenPosition: nil))
    }

    @Test("SQLite errors are mapped with SQLite's message and code, never the statement's arguments")
    func databaseErrorsAreMappedWithoutArguments() async throws {
        let store = try memoryStore()
        let databaseError = try #require(throws: DatabaseError.self) {
            try store.writer.write { db in
                try db.execute(
                    sql: "INSERT INTO events (event_id, stream, version, type, schema_version, payload, recorded_at, chain) VALUES (?, ?, 1, 'edit', 1, ?, 0, zeroblob(32))",
                    arguments: ["id-1", "s1", "secret-form-value not json"])
            }
        }
        let mapped = SheetLogError.storage(databaseError, operation: "append")
        #expect(mapped.code == .storage)
        #expect(mapped.context.sqliteCode == 275)  // SQLITE_CONSTRAINT_CHECK
        #expect(mapped.message.contains("CHECK constraint failed"))
        #expect(!mapped.message.contains("secret"))
    }

    @Test("a full database is reported as storageFull and appends nothing")
    func fullDatabase() async throws {
        let store = try memoryStore()
        _ = try await store.append([event("e1")], to: "s1", expecting: .noStream)
        try await store.writer.writeWithoutTransaction { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages)")
        }
        let payloadValue = String(repeating: "secret", count: 8_000)
        let error = await #expect(throws: SheetLogError.self) {
            try await store.append([event("e2", value: payloadValue)], to: "s1", expecting: .any)
        }
        #expect(error?.code == .storageFull)
        #expect(error?.context.sqliteCode == 13)  // SQLITE_FULL
        #expect(error?.message.contains("secret") == false)
        #expect(try await store.lastPosition() == 1)
    }
}
