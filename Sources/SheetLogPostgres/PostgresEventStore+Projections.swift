import SheetLogDomain
import Foundation
import PostgresNIO
import SheetLogCore
import SheetLogProjections

extension PostgresEventStore {
    /// Writes the sheet read models' rows of `recorded` in the append's transaction, as decided by
    /// ``ProjectionChange`` — the code a device's SQLite store runs — so the fleet holds the device's rows.
    ///
    /// Throws the codec's error for an event the domain refuses: the append rolls back.
    /// With `rows` (decided with the events by the facade, which keeps the sessions) nothing is folded.
    func writeSheetRows(
        of recorded: [RecordedEvent], rows: ProjectionChange? = nil,
        _ connection: PostgresConnection
    ) async throws {
        if let rows {
            try await connection.run(SheetRowWriter(device: device).statements(for: rows), logger: logger)
            return
        }
        try await write(try await sheetRows(of: recorded, connection), connection)
    }

    /// The read-model rows `recorded` makes, decided from the sessions its streams had before it (read
    /// on `connection`), as statements ready to run.
    func sheetRows(of recorded: [RecordedEvent], _ connection: PostgresConnection) async throws -> SheetRows {
        // An event of the log, not of a session (an erasure): no session folds it.
        let recorded = recorded.filter { !SubjectErasure.isLogLevel(type: $0.type) }
        guard !recorded.isEmpty else { return SheetRows(statements: [], sessions: []) }
        var priors: [String: ProjectedSession] = [:]
        for event in recorded where priors[event.stream] == nil {
            priors[event.stream] = try await priorSession(event.stream, before: event.version, connection)
        }
        // The fleet holds no subjects' keys: sealed values are folded as withheld (stored as the stand-in `[sealed]`).
        let change = try ProjectionChange(folding: recorded, keys: NoSubjectKeys()) { stream, _ in
            priors[stream] ?? ProjectedSession(session: stream)
        }
        return SheetRows(statements: SheetRowWriter(device: device).statements(for: change), sessions: change.sessions.map(\.session))
    }

    /// Writes `rows` in the open transaction and remembers the sessions they fold to.
    func write(_ rows: SheetRows, _ connection: PostgresConnection) async throws {
        try await connection.run(rows.statements, logger: logger)
        // Before COMMIT: an entry is a hint, checked against the stream's chain before it is used.
        foldedSessions.store(rows.sessions, epoch: nil)
    }

    /// The session folded from its events before `version` (from its carried state, when the device's
    /// base carries it), read in this transaction.
    func priorSession(_ stream: String, before version: Int64, _ connection: PostgresConnection) async throws -> ProjectedSession {
        var session = ProjectedSession(session: stream)
        guard version > 1 else { return session }
        if let (cached, _) = foldedSessions.session(stream), cached.streamVersion == version - 1,
           try await chain(of: stream, at: cached.streamVersion, connection) == cached.streamChain {
            return cached
        }
        let rows = try await connection.query("""
            SELECT \(unescaped: Self.eventColumns) FROM events
            WHERE device = \(device) AND stream = \(stream) AND version < \(version) ORDER BY version
            """, logger: logger)
        let events = try await Self.decodeEvents(rows)
        // A stream whose stored events do not begin at version 1 is one the device's base carries
        // (fleet migration 0010): its fold goes on from the carried state.
        var after: Int64 = 0
        if events.first?.version != 1, let carried = try await carriedState(of: stream, connection) {
            session = try CarriedSession(snapshot: carried.snapshot, keys: NoSubjectKeys(), valuesSealed: false).projected
            after = carried.version
        }
        for event in events where event.version > after {
            let logged = LoggedEvent(event)
            let (event, sealing) = try logged.sheetEvent(keys: NoSubjectKeys())
            session.adopt(sealing)
            _ = session.fold(event, position: logged.position, version: logged.version, chain: logged.chain)
        }
        return session
    }

    /// The chain of the stream's event at `version`, nil when there is none.
    private func chain(of stream: String, at version: Int64, _ connection: PostgresConnection) async throws -> [UInt8]? {
        let rows = try await connection.query(
            "SELECT chain FROM events WHERE device = \(device) AND stream = \(stream) AND version = \(version)", logger: logger)
        for try await (chain) in rows.decode(Data.self) { return [UInt8](chain) }
        return nil
    }
}
