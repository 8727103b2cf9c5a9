import Foundation
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
    /// before the connection broke, and the event ids say which.
    func inTransaction<T: Sendable>(
        _ operation: String, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        try ensureOpen(operation)
        do {
            return try await client.withConnection { connection in
                try await connection.query("BEGIN", logger: logger)
                let value: T
                do {
                    value = try await body(connection)
                } catch {
                    do {
                        try await connection.query("ROLLBACK", logger: logger)
                    } catch {
                        // A connection whose transaction could not be ended must not go back to the
                        // pool, where the next lease would run inside it: close it, the pool opens another.
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
        } catch {
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
