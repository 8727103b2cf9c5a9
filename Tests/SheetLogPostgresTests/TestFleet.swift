import Foundation
import Synchronization
import Logging
import NIOPosix
import PostgresNIO
import SheetLogPostgres
import SheetLogPostgresTestSupport

/// The test process's PostgreSQL: fresh databases on the process's cluster, and a connection of the
/// test's own (postgres-nio, bypassing SheetLogPostgres) to check what is stored independently.
enum TestFleet {
    private static let devices = DeviceCounter()

    /// The URL of a new, empty database.
    static func freshURL() async throws -> String {
        let cluster = try await PostgresCluster.shared()
        return cluster.url(database: try await cluster.createDatabase())
    }

    /// The URL of a new database with the fleet schema: a copy of a template migrated once per
    /// process, so that tests which each take a database do not each run the migrations.
    static func migratedURL() async throws -> String {
        let cluster = try await PostgresCluster.shared()
        return cluster.url(database: try await cluster.createDatabase(from: try await migratedTemplate.value))
    }

    private static let migratedTemplate = Task { () async throws -> String in
        let cluster = try await PostgresCluster.shared()
        let template = try await cluster.createDatabase()
        try await PostgresEventStore.migrate(PostgresLocation(url: cluster.url(database: template)))
        return template
    }

    /// A device id no other test of this process uses.
    static func device(_ label: String = "device") -> String {
        "\(label)-\(devices.next())-\(UUID().uuidString.prefix(8))"
    }

    /// Runs `body` on a connection of its own to the database at `url`.
    static func withConnection<T>(_ url: String, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        let components = try require(URLComponents(string: url))
        let configuration = PostgresConnection.Configuration(
            host: components.host ?? "127.0.0.1", port: components.port ?? 5432, username: components.user ?? "sheetlog",
            password: nil, database: String(components.path.dropFirst()), tls: .disable)
        let connection = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 1, logger: logger)
        do {
            let value = try await body(connection)
            try await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }

    static let logger = Logger(label: "sheetlog.tests.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
}

final class DeviceCounter: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}

private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw PostgresClusterError("not a usable URL") }
    return value
}
