import SheetLogCore
import SheetLogPostgres
import SheetLogPostgresTestSupport
import Testing

/// The fleet's log is append-only in the database itself: psql cannot change or remove an event.
@Suite struct AppendOnlyTests {
    @Test(arguments: [
        "UPDATE events SET payload = '{\"x\":1}' WHERE position = 1",
        "DELETE FROM events WHERE position = 1",
        "TRUNCATE events",
        "UPDATE command_receipts SET version = 9",
        "DELETE FROM command_receipts",
        "TRUNCATE command_receipts",
    ])
    func psqlCannotChangeTheLog(statement: String) async throws {
        let url = try await TestFleet.migratedURL()
        let store = try await PostgresEventStore.open(url: url, device: "d1", sheetProjections: false)
        defer { store.close() }
        _ = try await store.append([EventData(type: "t", payload: "{}")], to: "s", expecting: .noStream)
        let database = String(url.split(separator: "/").last!)
        let table = statement.contains("command_receipts") ? "command_receipts" : "events"
        // A receipt to refuse changing (row triggers fire only for rows).
        try await PostgresCluster.shared().psql(
            "INSERT INTO command_receipts VALUES ('d1', 'c1', 's', 0, 'edit', repeat('a', 64), 0, 0)", database: database)
        await #expect {
            try await PostgresCluster.shared().psql(statement, database: database)
        } throws: { error in
            "\(error)".contains("\(table) is append-only")
        }
        #expect(try await store.readAll().map(\.payload) == ["{}"])
        #expect(try await PostgresCluster.shared().psql("SELECT count(*) FROM command_receipts WHERE version = 0", database: database) == "1")
        #expect(try await store.verifyChain().firstBrokenPosition == nil)
    }
}
