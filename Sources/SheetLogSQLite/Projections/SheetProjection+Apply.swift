import Foundation
import GRDB
import SheetLogDomain
import SheetLogProjections

extension SheetProjection {
    /// Writes the rows of the newly recorded events (position order, possibly several streams):
    /// a dismissal row per `attemptDismiss`, the resolution of an answered alert, the touched
    /// presentations and the sessions, each row once per append.
    ///
    /// Events given as bytes are folded into their sessions here (``ProjectionChange``); the store
    /// vouches that, within `epoch`, only its own appends changed the log, so a session cached
    /// during the same epoch is used without reading the log to check it. Throws for an event the
    /// domain refuses — a type it does not know, a payload it cannot decode (see
    /// ``SheetProjection``): the append rolls back.
    /// With `rows` (the facade's append, which folded its events as it decided them) nothing is
    /// folded: the rows are written as given, and the facade, not this projection, keeps the sessions.
    package func apply(
        _ events: [RecordedEvent], in db: Database, epoch: LogEpoch, rows: ProjectionChange?
    ) throws {
        if let rows {
            try SheetRowWriter(db: db).write(rows)
            try reprojectErasures(in: events, in: db)
            return
        }
        try fold(events, in: db, epoch: epoch)
    }

    private func fold(_ events: [RecordedEvent], in db: Database, epoch: LogEpoch) throws {
        let change = try ProjectionChange(folding: events, keys: ring?.keys(in: db)) { stream, version in
            try priorSession(stream, before: version, epoch: epoch, in: db)
        }
        try SheetRowWriter(db: db).write(change)
        let erased = try reprojectErasures(in: events, in: db)
        let folded = change.sessions.map { $0.session }.filter { !erased.contains($0.session) }
        let cache = self.cache
        db.afterNextTransaction(onCommit: { _ in cache.store(folded, epoch: epoch) })
    }

    /// Writes again, every value erased, the rows of each session of a subject erased by one of
    /// `events` (after the rows of the events that closed them) and returns those sessions.
    @discardableResult
    private func reprojectErasures(in events: [RecordedEvent], in db: Database) throws -> Set<String> {
        var reprojected: Set<String> = []
        for erased in try erasedSubjects(in: events) {
            let sessions = try SQLiteAppendSealing.sessions(ofSubject: erased, in: db)
            try Self.reproject(sessions, erasing: erased, keys: ring?.keys(in: db) ?? NoSubjectKeys(), in: db)
            reprojected.formUnion(sessions)
        }
        return reprojected
    }

    /// The subjects whose `eraseSubject` events are among `events`: their keys are deleted in this
    /// transaction (``SheetLogDatabase/erase(subject:requestedBy:id:occurredAt:)`` appends the event
    /// only with the deletion).
    private func erasedSubjects(in events: [RecordedEvent]) throws -> [String] {
        // Lazily: every append asks, and an eager filter copied each event of a bulk ingest's batch.
        try events.lazy.filter { SubjectErasure.isLogLevel(type: $0.type) }.map { try SubjectErasure.decode($0).subject }
    }

    /// The session as it was before the event at `version`: the cached fold when the log still
    /// ends where it ends, else a fold of the stream's earlier events, read in this transaction
    /// (so another process's appends to the same file are always seen).
    ///
    /// The cached fold is checked against the log's integrity chain unless it was cached in the
    /// store's current `epoch`, during which nothing but the store's own appends changed the log.
    func priorSession(_ stream: String, before version: Int64, epoch: LogEpoch?, in db: Database) throws -> ProjectedSession {
        if version <= 1 { return ProjectedSession(session: stream) }
        if let (cached, cachedEpoch) = cache.session(stream), cached.streamVersion == version - 1 {
            if let epoch, cachedEpoch == epoch { return cached }
            if try chain(of: stream, at: cached.streamVersion, in: db) == cached.streamChain { return cached }
        }
        var session = try CarriedSession.start(of: stream, keys: ring?.keys(in: db) ?? NoSubjectKeys(), in: db)
        let statement = try db.cachedStatement(sql: """
            SELECT \(LoggedEvent.columnList) FROM events WHERE stream = ? AND version < ? ORDER BY version
            """)
        let rows = try Row.fetchCursor(statement, arguments: [stream, version])
        while let row = try rows.next() {
            let logged = LoggedEvent(row: row, keepingChain: true)
            let (event, sealing) = try logged.sheetEvent(keys: ring?.keys(in: db))
            session.adopt(sealing)
            _ = session.fold(event, position: logged.position, version: logged.version, chain: logged.chain)
        }
        return session
    }

    /// The integrity chain of the stream's event at `version`, nil when there is none.
    private func chain(of stream: String, at version: Int64, in db: Database) throws -> [UInt8]? {
        let statement = try db.cachedStatement(sql: "SELECT chain FROM events WHERE stream = ? AND version = ?")
        let chain = try statement.fetchValue(Data.self) { row in
            row.bind(stream)
            row.bind(version)
        }
        return chain.map { [UInt8]($0) }
    }
}
