import Foundation
import PostgresNIO
import SheetLogCore
import SheetLogPostgres
import SheetLogStoreConformance
import SheetLogCore
import Testing

/// Every check of ``StoreConformance`` against the fleet store: each check on a database of its own
/// (each check's devices are its own, and the checks run side by side), on a
/// device that shares it with a bystander device holding events of its own.
@Suite(.serialized) struct PostgresStoreConformanceTests {
    static let factory = StoreFactory { limits in
        let clock = ManualClock()
        let url = try await TestFleet.migratedURL()
        let device = TestFleet.device("conformance")
        // Another device's log in the same tables: every check also proves that devices are kept apart.
        let bystander = try await PostgresEventStore.open(url: url, device: "bystander", sheetProjections: false)
        _ = try await bystander.append([EventData(eventID: "b1", type: "t", payload: "{}")], to: "s1", expecting: .noStream)
        bystander.close()
        let store = try await PostgresEventStore.open(url: url, device: device, limits: limits, clock: clock, sheetProjections: false)
        return StoreFixture(store: store, clock: clock, tamper: { position, change in
            try await tamper(url: url, device: device, position: position, change)
        })
    }

    @Test(.timeLimit(.minutes(8)), arguments: StoreConformance.checks)
    func conformance(check: StoreCheck) async throws {
        try await check.run(Self.factory)
    }

    /// Edits a stored event as someone with psql would: with the append-only triggers off for that
    /// session (`session_replication_role = replica`), an UPDATE of the row.
    static func tamper(url: String, device: String, position: Int64, _ change: StoredChange) async throws {
        try await TestFleet.withConnection(url) { connection in
            let logger = TestFleet.logger
            try await connection.query("BEGIN", logger: logger)
            try await connection.query("SET LOCAL session_replication_role = replica", logger: logger)
            switch change {
            case let .payload(payload):
                try await connection.query("UPDATE events SET payload = \(payload) WHERE device = \(device) AND position = \(position)", logger: logger)
            case let .metadata(metadata):
                try await connection.query("UPDATE events SET metadata = \(metadata) WHERE device = \(device) AND position = \(position)", logger: logger)
            case let .occurredAt(occurredAt):
                try await connection.query("UPDATE events SET occurred_at = \(occurredAt) WHERE device = \(device) AND position = \(position)", logger: logger)
            case let .recordedAt(recordedAt):
                try await connection.query("UPDATE events SET recorded_at = \(recordedAt) WHERE device = \(device) AND position = \(position)", logger: logger)
            case let .schemaVersion(schemaVersion):
                try await connection.query(
                    "UPDATE events SET schema_version = \(Int32(schemaVersion)) WHERE device = \(device) AND position = \(position)", logger: logger)
            case let .chain(chain, version):
                try await connection.query("""
                    UPDATE events SET chain = \(Data(chain)), chain_version = \(Int32(version))
                    WHERE device = \(device) AND position = \(position)
                    """, logger: logger)
            }
            try await connection.query("COMMIT", logger: logger)
        }
    }
}
