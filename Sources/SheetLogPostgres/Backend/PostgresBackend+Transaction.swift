import Foundation
import PostgresNIO
import SheetLogCore
import SheetLogStorage

extension PostgresBackend {
    /// Runs `body` on one leased connection inside BEGIN, then COMMIT when it returns true (it
    /// wrote) and ROLLBACK when it returns false or throws.
    ///
    /// A failed COMMIT is ``SheetLogError/Code/commitOutcomeUnknown`` and starts a new epoch: the
    /// server may have committed before the connection broke.
    func withTransaction(_ operation: String, _ body: (PostgresConnection) async throws -> Bool) async throws {
        try store.ensureOpen(operation)
        let logger = store.logger
        do {
            try await store.client.withConnection { connection in
                try await connection.query("BEGIN", logger: logger)
                let writes: Bool
                do {
                    writes = try await body(connection)
                } catch {
                    await rollback(connection)
                    throw error
                }
                guard writes else {
                    await rollback(connection)
                    return
                }
                do {
                    try await connection.query("COMMIT", logger: logger)
                } catch {
                    try? await connection.close()
                    newEpoch()
                    throw SheetLogError(
                        .commitOutcomeUnknown,
                        "COMMIT of \(operation) on device \(device) failed (\(SheetLogError.postgres(error, operation: "commit").message)): "
                            + "the events may or may not be stored; look their ids up, never retry on the same handle",
                        context: .init(operation: operation))
                }
            }
        } catch {
            throw SheetLogError.postgres(error, operation: operation, location: store.location)
        }
    }

    /// Ends the transaction without its changes; a connection whose transaction could not be ended
    /// is closed rather than handed back to the pool, where the next lease would run inside it.
    private func rollback(_ connection: PostgresConnection) async {
        do {
            try await connection.query("ROLLBACK", logger: store.logger)
        } catch {
            try? await connection.close()
        }
    }

    /// Loads, in the append's transaction, every read the last pass of the decision missed: the
    /// streams after the lowest version asked for, the events and receipts by id, a query each.
    func load(_ transaction: PostgresAppendTransaction, _ connection: PostgresConnection) async throws {
        let missing = transaction.missing
        let logger = store.logger
        var streams: [String: (after: Int64, events: [RecordedEvent])] = [:]
        if !missing.streams.isEmpty {
            let names = Array(missing.streams.keys)
            let afters = names.map { missing.streams[$0]! }
            for name in names { streams[name] = (missing.streams[name]!, []) }
            let rows = try await connection.query("""
                SELECT \(unescaped: PostgresEventStore.qualifiedEventColumns("e")) FROM events e
                JOIN unnest(\(names)::text[], \(afters)::bigint[]) AS wanted(stream, after)
                  ON e.stream = wanted.stream AND e.version > wanted.after
                WHERE e.device = \(device) ORDER BY e.stream, e.version
                """, logger: logger)
            for event in try await PostgresEventStore.decodeEvents(rows) { streams[event.stream]?.events.append(event) }
        }
        var events: [RecordedEvent] = []
        if !missing.eventIDs.isEmpty {
            events = try await store.events(withIDs: Array(missing.eventIDs), connection)
        }
        var receipts: [CommandReceipt] = []
        if !missing.receipts.isEmpty {
            let rows = try await connection.query("""
                SELECT command_id, stream, version, command, fingerprint, occurred_at, recorded_at FROM command_receipts
                WHERE device = \(device) AND command_id = ANY(\(Array(missing.receipts)))
                """, logger: logger)
            for try await (id, stream, version, command, fingerprint, occurredAt, recordedAt)
                in rows.decode((String, String, Int64, String, String, Int64, Int64).self) {
                receipts.append(CommandReceipt(
                    commandID: id, stream: stream, version: version, command: command, fingerprint: fingerprint,
                    occurredAt: occurredAt, recordedAt: recordedAt))
            }
        }
        var bases: [String: CarriedState?] = [:]
        for session in missing.bases { bases[session] = .some(try await store.carriedState(of: session, connection)) }
        transaction.load(streams: streams, events: events, receipts: receipts, bases: bases)
    }
}

extension PostgresEventStore {
    /// ``eventColumns`` of the table aliased `alias`, for a query that joins `events`.
    static func qualifiedEventColumns(_ alias: String) -> String {
        eventColumns.split(separator: ",").map { "\(alias).\($0.trimmingCharacters(in: .whitespaces))" }.joined(separator: ", ")
    }
}
