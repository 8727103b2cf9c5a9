import Foundation
import NIOPosix
import PostgresNIO
import SheetLogCore

extension PostgresEventStore {
    /// The columns of `events` that make a ``RecordedEvent``, in ``decodeEvents(_:)``'s order.
    static let eventColumns =
        "position, event_id, stream, version, type, schema_version, payload, metadata, occurred_at, recorded_at, chain, chain_version"

    typealias EventRow = (Int64, String, String, Int64, String, Int, String, String?, Int64?, Int64, Data, Int)

    /// The events of `rows`, selected with ``eventColumns``.
    static func decodeEvents(_ rows: PostgresRowSequence) async throws -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        for try await row in rows.decode(EventRow.self) {
            events.append(RecordedEvent(
                position: row.0, eventID: row.1, stream: row.2, version: row.3, type: row.4, schemaVersion: row.5,
                payload: row.6, metadata: row.7, occurredAt: row.8, recordedAt: row.9, chain: [UInt8](row.10), chainVersion: row.11))
        }
        return events
    }

    /// Runs `body` on one leased connection inside BEGIN … COMMIT, rolling back when it throws.
    ///
    /// A failed COMMIT is ``SheetLogError/Code/commitOutcomeUnknown``: the server may have committed
    /// before the connection broke, and the event ids say which. The lease is watched
    /// (``PostgresNIO/PostgresConnection/untilClosed(_:_:)``): a connection that closes under it (a
    /// server restarted with `-m immediate`) ends the call with ``SheetLogError/Code/connectionFailed``
    /// instead of a statement that never completes — pushes across a restart were seen to hang so.
    func inTransaction<T: Sendable>(
        _ operation: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        try ensureOpen(operation)
        let closed = SheetLogError(
            .connectionFailed,
            "the connection to PostgreSQL closed during \(operation) (\(location)): it may or may not have committed; "
                + "sending it again with the same event ids stores nothing twice",
            context: .init(operation: operation))
        do {
            return try await client.withConnection { connection in
                try await connection.untilClosed({ closed }) { [self] connection in try await transaction(operation, on: connection, body) }
            }
        } catch {
            throw SheetLogError.postgres(error, operation: operation, location: location)
        }
    }

    /// Runs `body` inside BEGIN … COMMIT on `connection`, rolling back when it throws; a connection
    /// whose transaction could not be ended is closed.
    func transaction<T: Sendable>(
        _ operation: String, on connection: PostgresConnection, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await connection.query("BEGIN", logger: logger)
        let value: T
        do {
            value = try await body(connection)
        } catch {
            // A closed connection's transaction is over, and a statement written to it would never
            // complete (see `untilClosed`).
            if connection.isClosed { throw error }
            do {
                try await connection.query("ROLLBACK", logger: logger)
            } catch {
                // A pooled connection whose transaction could not be ended must not go back to the
                // pool, where the next lease would run inside it.
                try? await connection.close()
            }
            throw error
        }
        do {
            try await connection.query("COMMIT", logger: logger)
        } catch {
            try? await connection.close()
            throw SheetLogError(
                .commitOutcomeUnknown,
                "COMMIT of \(operation) on device \(device) failed (\(SheetLogError.postgres(error, operation: "commit").message)): "
                    + "the events may or may not be stored; look their ids up",
                context: .init(operation: operation))
        }
        return value
    }

    /// Runs `body` on a connection of its own, outside the pool, closed afterwards.
    ///
    /// For long work that must fail when the server goes away: a lease from `PostgresClient` waits
    /// while the pool reconnects, for ever when the server does not come back (postgres-nio #565),
    /// and an import killed that way was seen to hang after `pg_ctl restart -m immediate`. A
    /// connection of its own, watched by ``PostgresNIO/PostgresConnection/untilClosed(_:_:)``, fails
    /// as soon as it closes instead.
    func onOwnConnection<T: Sendable>(
        _ operation: String, whenClosed consequence: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        try ensureOpen(operation)
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.next(), configuration: try location.connectionConfiguration(), id: 1,
                logger: logger)
        } catch {
            throw SheetLogError.postgres(error, operation: "connect", location: location)
        }
        do {
            let closed = SheetLogError(
                .connectionFailed, "the connection to PostgreSQL closed during \(operation) (\(location)): \(consequence)", context: .init(operation: operation))
            let value = try await connection.untilClosed({ closed }, body)
            try? await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw SheetLogError.postgres(error, operation: operation, location: location)
        }
    }

    /// Runs one read on a leased connection, with PostgreSQL's errors as ``SheetLogError``s.
    func reading<T: Sendable>(_ operation: String, _ body: (PostgresClient) async throws -> T) async throws -> T {
        try ensureOpen(operation)
        do {
            return try await body(client)
        } catch {
            throw SheetLogError.postgres(error, operation: operation, location: location)
        }
    }
}
