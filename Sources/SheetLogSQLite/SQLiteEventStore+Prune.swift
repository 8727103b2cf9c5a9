import Foundation
import GRDB
import SheetLogCore
import SheetLogDomain
import SheetLogJSON
import SheetLogProjections
import SheetLogStorage

extension SQLiteEventStore {
    /// How many positions past the previous cut one step of a prune looks at, at most (more only to
    /// take a longer session whole): the write lock is held for one step at a time, and an append
    /// waiting for it goes between two steps (or between a step and its checkpoint, see
    /// ``writeInBackgroundStep(_:)``). Measured (`--figure prune-pause`, 50,000 events, quiet 2-core
    /// machine): a step of 100 holds the writer about 3 ms with its commit, one of 500 about 7 ms.
    package static let pruneStepEvents: Int64 = 100

    /// Removes the longest prefix of the log whose events were all recorded before `before` (the
    /// store's clock, milliseconds since 1970), in which every session is whole and finished, and
    /// that every collector acknowledged: in steps of at most `stepEvents` positions, each a whole
    /// prune in its own short `BEGIN IMMEDIATE` transaction that first writes its base
    /// (`log_bases`, migration 0013), then deletes the events, the removed sessions' receipts and
    /// read-model rows. A kill leaves the log as of the last step that committed. A prune that can
    /// remove nothing more writes nothing. `shouldContinue` is asked between steps (a closing
    /// database stops after the step it is in).
    ///
    /// The size reclaimed is not measured here: ``SQLiteBackend`` vacuums after the steps.
    package func prune(before: Int64, stepEvents: Int64 = pruneStepEvents, shouldContinue: () -> Bool = { true }) throws -> PruneReport {
        try refuseWriteIfReadOnly("pruning")
        var total = PruneReport(removedEvents: 0, removedSessions: 0, cutPosition: 0, stoppedBy: .endOfLog)
        while true {
            let (step, limited) = try pruneStep(before: before, limit: max(1, stepEvents))
            total.removedEvents += step.removedEvents
            total.removedSessions += step.removedSessions
            total.cutPosition = step.cutPosition
            total.stoppedBy = step.stoppedBy
            total.carriedSessions = step.carriedSessions
            if step.removedEvents > 0 { total.steps += 1 }
            guard limited, step.removedEvents > 0, shouldContinue() else { return total }
            // The steps so far are committed; what stopped the last one is known only once a step removes nothing.
        }
    }

    /// One step: a transaction of its own.
    private func pruneStep(before: Int64, limit: Int64) throws -> (PruneReport, limited: Bool) {
        do {
            return try writeInBackgroundStep { db in
                var result: (PruneReport, Bool)?
                try db.inTransaction(.immediate) {
                    result = try Self.prune(
                        before: before, now: configuration.clock.nowMilliseconds(), limit: limit, ring: configuration.keyRing, in: db)
                    return .commit
                }
                return result!
            }
        } catch let error as SheetLogError {
            throw error
        } catch {
            throw SheetLogError.wrapping(error, operation: "pruning")
        }
    }

    private static func prune(
        before: Int64, now: Int64, limit: Int64, ring: SubjectKeyRing?, in db: Database
    ) throws -> (PruneReport, Bool) {
        let previousCut = try Int64.fetchOne(db, sql: "SELECT COALESCE(max(cut_position), 0) FROM log_bases") ?? 0
        let (cut, stop, limited) = try PruneCut.find(before: before, previousCut: previousCut, limit: limit, in: db)
        guard cut > previousCut else {
            let carried = try Int.fetchOne(db, sql: "SELECT count(*) FROM base_sessions") ?? 0
            return (PruneReport(removedEvents: 0, removedSessions: 0, cutPosition: previousCut, stoppedBy: stop,
                                carriedSessions: carried), false)
        }
        // What each erasure erased, while the events that tell it are still here.
        try ErasureCounts.freeze(in: db)
        // The base first: the delete triggers let through only what is at or below its cut.
        let erasures = try RecordedEvent.fetchAll(
            db.cachedStatement(sql: "SELECT \(RecordedEvent.columnList) FROM events WHERE position <= ? AND stream = '$erasures' ORDER BY position"),
            arguments: [cut])
        try db.execute(sql: """
            INSERT INTO log_bases (cut_position, chain, removed_events, first_recorded_at, last_recorded_at, pruned_at, erasures)
            SELECT ?1, (SELECT chain FROM events WHERE position = ?1), count(*), min(recorded_at), max(recorded_at), ?2, ?3
            FROM events WHERE position <= ?1
            """, arguments: [cut, now, CarriedErasureRows.json(erasures)])
        // The step's sessions, from its own events (which are still here): each is removed whole
        // when it lies at or below the cut and is finished, else carried across it. Finished: no
        // draft recover offers, and either ended (no command can come to it, whatever its stack
        // shows) or with nothing on its stack and no confirmation pending. NOT INDEXED: by the
        // (stream, version) index SQLite read every event of the log to skip a sort of the step's.
        let streams = try Row.fetchAll(db, sql: """
            SELECT e.stream, max(e.version),
                   s.last_position <= ?1
                   AND (s.status = 'ended' OR (s.stack = '[]'
                        AND NOT EXISTS (SELECT 1 FROM presentations p WHERE p.session = e.stream AND p.pending_source IS NOT NULL)))
                   AND NOT EXISTS (SELECT 1 FROM recoverable_drafts d WHERE d.session = e.stream)
            FROM events e NOT INDEXED JOIN sessions s ON s.session = e.stream
            WHERE e.position <= ?1 AND e.stream <> '$erasures'
            GROUP BY e.stream ORDER BY e.stream
            """, arguments: [cut])
        var removed: [(session: String, lastVersion: Int64)] = []
        var keys: (any SubjectKeys)?
        for row in streams {
            let session: String = row[0]
            if row[2] as Bool {
                removed.append((session, row[1]))
            } else {
                if keys == nil { keys = try ring?.snapshot(in: db) ?? NoSubjectKeys() }
                try carry(session, cut: cut, keys: keys!, in: db)
            }
        }
        try removeWhole(removed, cut: cut, in: db)
        let removedSessions = removed.count
        try db.execute(sql: "DELETE FROM events WHERE position <= ?", arguments: [cut])
        let events = Int64(db.changesCount)
        let carried = try Int.fetchOne(db, sql: "SELECT count(*) FROM base_sessions") ?? 0
        return (PruneReport(removedEvents: events, removedSessions: removedSessions, cutPosition: cut, stoppedBy: stop,
                            carriedSessions: carried), limited)
    }

    /// The finished sessions wholly at or below the cut: remembered as pruned, their receipts, rows
    /// and any state an earlier base carried for them removed. One statement per table for the whole
    /// step, the sessions given as a JSON array: one statement per session and table made the
    /// statements' preparation most of a step.
    private static func removeWhole(_ sessions: [(session: String, lastVersion: Int64)], cut: Int64, in db: Database) throws {
        guard !sessions.isEmpty else { return }
        var names = JSONWriter(capacity: 24 * sessions.count)
        names.strings(sessions.map(\.session))
        var versions = JSONWriter(capacity: 8 * sessions.count)
        versions.raw("[")
        for (index, session) in sessions.enumerated() {
            if index > 0 { versions.raw(",") }
            versions.integer(session.lastVersion)
        }
        versions.raw("]")
        try db.execute(
            sql: """
                INSERT INTO pruned_sessions (session, last_version, cut_position)
                SELECT n.value, v.value, ?3 FROM json_each(?1) n JOIN json_each(?2) v ON v.key = n.key
                """,
            arguments: [names.text, versions.text, cut])
        try db.execute(sql: "DELETE FROM command_receipts WHERE stream IN (SELECT value FROM json_each(?))", arguments: [names.text])
        for table in ["dismissals", "presentations", "sessions", "base_sessions"] {
            try db.execute(sql: "DELETE FROM \(table) WHERE session IN (SELECT value FROM json_each(?))", arguments: [names.text])
        }
    }

    /// A session still needed, or continuing past the cut: its state at its last event at or below
    /// the cut, from the state an earlier base carried (if any) and its events up to the cut, replaces
    /// what the base carried for it. Its rows and receipts stay.
    private static func carry(_ session: String, cut: Int64, keys: any SubjectKeys, in db: Database) throws {
        var carried = try CarriedSession.stored(session, keys: keys, in: db) ?? CarriedSession(ProjectedSession(session: session))
        let rows = try Row.fetchCursor(db, sql: """
            SELECT \(RecordedEvent.columnList) FROM events WHERE stream = ? AND position <= ? ORDER BY position
            """, arguments: [session, cut])
        while let row = try rows.next() {
            let event = RecordedEvent(row: row)
            guard event.version == carried.version + 1 else {
                throw SheetLogError(
                    .integrityViolation,
                    "session \(session) expects version \(carried.version + 1) but finds version \(event.version) at position \(event.position)",
                    context: .init(stream: session, actualVersion: event.version, position: event.position, operation: "prune"))
            }
            let (opened, sealing) = try LoggedEvent(event).sheetEvent(keys: keys)
            carried.projected.adopt(sealing)
            carried.fold(opened, position: event.position, version: event.version, chain: event.chain)
        }
        try db.execute(sql: "DELETE FROM base_sessions WHERE session = ?", arguments: [session])
        try db.execute(
            sql: "INSERT INTO base_sessions (session, cut_position, version, snapshot) VALUES (?, ?, ?, ?)",
            arguments: [session, cut, carried.version, carried.snapshotJSON()])
    }
}
