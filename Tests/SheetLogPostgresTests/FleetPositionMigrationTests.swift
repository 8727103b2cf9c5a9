import Foundation
import PostgresNIO
import SheetLogCore
@testable import SheetLogPostgres
import Testing

/// Migration 0009 on a database a build before it wrote: `fleet_position` (NOT NULL UNIQUE, numbered
/// across devices) goes, every device's log stays as it was and verifies, and its devices take new
/// appends and pushed batches.
@Suite struct FleetPositionMigrationTests {
    @Test func aDatabaseWithFleetPositionsMigratesVerifiesAndTakesNewBatches() async throws {
        let url = try await TestFleet.freshURL()
        let before = PostgresMigration.embedded.filter { $0.number < 9 }
        try await TestFleet.withConnection(url) { try await PostgresMigrator(migrations: before).migrate($0, logger: TestFleet.logger) }
        // Two devices' logs as the builds before 0009 stored them: chained per device, numbered across
        // the fleet in the order they were stored (interleaved).
        let devices = ["phone", "tablet"]
        var logs: [String: [RecordedEvent]] = [:]
        for device in devices {
            let batches = (1...3).map { n in
                StreamBatch(stream: "s\(n)", events: (0..<n).map { _ in EventData(type: "t", payload: #"{"n":\#(n)}"#) }, expected: .any)
            }
            logs[device] = batches.recorded(after: 0, chain: IntegrityChain.genesis, versions: [:], recordedAt: 1_767_225_600_000)
        }
        try await TestFleet.withConnection(url) { connection in
            var fleetPosition: Int64 = 0
            for index in 0..<6 {
                for device in devices {
                    let event = logs[device]![index]
                    fleetPosition += 1
                    try await connection.query("""
                        INSERT INTO events (device, position, event_id, stream, version, type, schema_version, payload, metadata,
                                            occurred_at, recorded_at, chain, chain_version, fleet_position)
                        VALUES (\(device), \(event.position), \(event.eventID), \(event.stream), \(event.version), \(event.type),
                                \(Int32(event.schemaVersion)), \(event.payload), \(event.metadata), \(event.occurredAt), \(event.recordedAt),
                                \(ByteBuffer(bytes: event.chain)), \(Int32(event.chainVersion)), \(fleetPosition))
                        """, logger: TestFleet.logger)
                }
            }
        }

        let phone = try await PostgresEventStore.open(url: url, device: "phone", sheetProjections: false)
        let tablet = try await PostgresEventStore.open(url: url, device: "tablet", sheetProjections: false)
        defer { [phone, tablet].forEach { $0.close() } }
        try await TestFleet.withConnection(url) { connection in
            let rows = try await connection.query("""
                SELECT (SELECT count(*) FROM information_schema.columns WHERE table_name = 'events' AND column_name = 'fleet_position'),
                       (SELECT max(number) FROM sheetlog_migrations)::bigint
                """, logger: TestFleet.logger)
            for try await (columns, migrated) in rows.decode((Int64, Int64).self) {
                #expect(columns == 0)
                #expect(migrated == Int64(PostgresMigration.embedded.count))
            }
        }
        for (device, store) in zip(devices, [phone, tablet]) {
            #expect(try await store.readAll() == logs[device]!)
            #expect(try await store.verifyChain().firstBrokenPosition == nil)
        }
        let appended = try await phone.append([EventData(type: "t", payload: "{}")], to: "s1", expecting: .exact(1)).events
        #expect(appended.map(\.position) == [7] && appended.map(\.version) == [2])
        #expect(try await phone.verifyChain().firstBrokenPosition == nil)
        let tabletLog = logs["tablet"]!
        #expect(try await tablet.storePushed(tabletLog) == .stored(storedThrough: 6, chain: tabletLog[5].chain, added: 0), "a resend")
        let next = [StreamBatch(stream: "s3", events: [EventData(type: "t", payload: "{}")], expected: .any)]
            .recorded(after: 6, chain: tabletLog[5].chain, versions: ["s3": 3], recordedAt: 1_767_225_700_000)
        #expect(try await tablet.storePushed(next) == .stored(storedThrough: 7, chain: next[0].chain, added: 1))
        #expect(try await tablet.verifyChain().firstBrokenPosition == nil)
    }
}
