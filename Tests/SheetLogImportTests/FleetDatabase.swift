import Foundation
import Logging
import NIOPosix
import PostgresNIO
import SheetLogPostgresTestSupport

/// A database of the fleet read through a connection of the test's own (postgres-nio, not
/// SheetLogPostgres), to check what an import stored independently of the code that stored it.
struct FleetDatabase {
    let cluster: PostgresCluster
    let name: String

    /// A fresh, empty database on `cluster` (the process's shared one by default).
    static func fresh(on cluster: PostgresCluster? = nil) async throws -> FleetDatabase {
        let cluster: PostgresCluster = if let cluster { cluster } else { try await PostgresCluster.shared() }
        return FleetDatabase(cluster: cluster, name: try await cluster.createDatabase())
    }

    var url: String { cluster.url(database: name) }

    /// The device's stored events, in position order.
    func rows(device: String) async throws -> [EventRow] {
        try await withConnection { connection in
            let rows = try await connection.query("""
                SELECT position, event_id, stream, version, type, schema_version, convert_to(payload, 'UTF8'),
                       convert_to(metadata, 'UTF8'), occurred_at, recorded_at, chain, chain_version
                FROM events WHERE device = \(device) ORDER BY position
                """, logger: Self.logger)
            var result: [EventRow] = []
            for try await row in rows.decode((Int64, String, String, Int64, String, Int32, Data, Data?, Int64?, Int64, Data, Int32).self) {
                result.append(EventRow(
                    position: row.0, eventID: row.1, stream: row.2, version: row.3, type: row.4, schemaVersion: Int(row.5),
                    payload: [UInt8](row.6), metadata: row.7.map { [UInt8]($0) }, occurredAt: row.8, recordedAt: row.9,
                    chain: [UInt8](row.10), chainVersion: Int(row.11)))
            }
            return result
        }
    }

    /// Waits until the database holds `count` events or more (all devices), polling every 20 ms.
    func waitForEvents(atLeast count: Int64, timeout: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try await self.count("SELECT count(*) FROM events WHERE $1 = $1", device: "") >= count { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw CancellationError()
    }

    /// One number from `sql` (an aggregate), bound to `device`.
    func count(_ sql: String, device: String) async throws -> Int64 {
        try await withConnection { connection in
            var binds = PostgresBindings()
            binds.append(device)
            let rows = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: Self.logger)
            for try await (value) in rows.decode(Int64.self) { return value }
            return 0
        }
    }

    /// Whether every device's positions run 1 … n without a gap (`(device, position)` is the key: no repeat).
    func devicePositionsGapFree() async throws -> Bool {
        try await withConnection { connection in
            let rows = try await connection.query("""
                SELECT count(*) FROM (SELECT device FROM events GROUP BY device HAVING min(position) <> 1 OR max(position) <> count(*)) AS gapped
                """, logger: Self.logger)
            for try await (gapped) in rows.decode(Int64.self) { return gapped == 0 }
            return false
        }
    }

    func withConnection<T>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        let configuration = PostgresConnection.Configuration(
            host: cluster.host, port: cluster.port, username: cluster.user, password: nil, database: name, tls: .disable)
        let connection = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 1, logger: Self.logger)
        do {
            let value = try await body(connection)
            try await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }

    static let logger = Logger(label: "sheetlog.tests.import", factory: { _ in SwiftLogNoOpLogHandler() })
}
