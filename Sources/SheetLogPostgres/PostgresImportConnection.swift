import Logging
import NIOPosix
import PostgresNIO
import SheetLogCore

/// A connection of its own, outside any pool, that imports device logs one after another.
///
/// A bulk load of many device files (`import --device-per-file`) reuses one per job instead of
/// connecting for every file: a PostgreSQL backend starts cold (a forked process that loads its
/// catalog caches and plans every statement from scratch), and at 1,000 events a device that start
/// was measured at about a fifth of the import's time. Like the connection a single import opens,
/// it is watched (``PostgresNIO/PostgresConnection/untilClosed(_:_:)``): when the server goes away,
/// the import on it ends with ``SheetLogError/Code/connectionFailed`` and so does every later one.
///
/// ```swift
/// let connection = try await PostgresImportConnection.connect(to: store.location)
/// defer { Task { await connection.close() } }
/// for (device, file) in files {
///     let report = try await store.store(ofDevice: device).importLog(from: file, on: connection)
/// }
/// ```
public final class PostgresImportConnection: Sendable {
    let connection: PostgresConnection
    /// The database it is connected to.
    public let location: PostgresLocation

    private init(connection: PostgresConnection, location: PostgresLocation) {
        self.connection = connection
        self.location = location
    }

    /// Connects to `location`; throws ``SheetLogError/Code/connectionFailed`` in one line, without
    /// the password, when the server cannot be reached or refuses the login.
    public static func connect(to location: PostgresLocation) async throws -> PostgresImportConnection {
        let logger = Logger(label: "sheetlog.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
        do {
            let connection = try await PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.next(), configuration: try location.connectionConfiguration(), id: 1, logger: logger)
            return PostgresImportConnection(connection: connection, location: location)
        } catch {
            throw SheetLogError.postgres(error, operation: "connect", location: location)
        }
    }

    /// Whether the connection has closed (the server went away, or ``close()``): every import on it fails.
    public var isClosed: Bool { connection.isClosed }

    /// Closes the connection.
    public func close() async {
        try? await connection.close()
    }
}
