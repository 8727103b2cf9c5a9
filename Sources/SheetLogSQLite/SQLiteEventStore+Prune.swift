import Foundation
import GRDB
import SheetLogCore
import SheetLogStorage

extension SQLiteEventStore {
    /// How many positions past the previous cut one step of a prune looks at, at most (more only to
    /// take a longer session whole): the write lock is held for one step at a time, and an append
    /// waiting for it goes between two steps.
    package static let pruneStepEvents: Int64 = 500

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
            if step.removedEvents > 0 { total.steps += 1 }
            guard limited, step.removedEvents > 0, shouldContinue() else { return total }
            // The steps so far are committed; what stopped the last one is known only once a step removes nothing.
        }
    }

    /// One step: a transaction of its own.
    private func pruneStep(before: Int64, limit: Int64) throws -> (PruneReport, limited: Bool) {
        do {
            return try writeOnCallingThread { db in
                var result: (PruneReport, Bool)?
                try db.inTransaction(.immediate) {
                    result = try Self.prune(before: before, now: configuration.clock.nowMilliseconds(), limit: limit, in: db)
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

    private static func prune(before: Int64, now: Int64, limit: Int64, in db: Database) throws -> (PruneReport, Bool) {
        let previousCut = try Int64.fetchOne(db, sql: "SELECT COALESCE(max(cut_position), 0) FROM log_bases") ?? 0
        let (cut, stop, limited) = try PruneCut.find(before: before, previousCut: previousCut, limit: limit, in: db)
        guard cut > previousCut else {
            return (PruneReport(removedEvents: 0, removedSessions: 0, cutPosition: previousCut, stoppedBy: stop), false)
        }
        // What each erasure erased, while the events that tell it are still here.
        try ErasureCounts.freeze(in: db)
        // The base first: the delete triggers let through only what is at or below its cut.
        try db.execute(sql: """
            INSERT INTO log_bases (cut_position, chain, removed_events, first_recorded_at, last_recorded_at, pruned_at, erasures)
            SELECT ?1, (SELECT chain FROM events WHERE position = ?1), count(*), min(recorded_at), max(recorded_at), ?2,
                   (SELECT json_group_array(json(e)) FROM (
                        SELECT json_object('position', position, 'event_id', event_id, 'stream', stream, 'version', version,
                                           'type', type, 'schema_version', schema_version, 'payload', payload, 'metadata', metadata,
                                           'occurred_at', occurred_at, 'recorded_at', recorded_at, 'chain', lower(hex(chain)),
                                           'chain_version', chain_version) AS e
                        FROM events WHERE position <= ?1 AND stream = '$erasures' ORDER BY position))
            FROM events WHERE position <= ?1
            """, arguments: [cut, now])
        try db.execute(sql: """
            INSERT INTO pruned_sessions (session, last_version, cut_position)
            SELECT stream, max(version), ?1 FROM events WHERE position <= ?1 AND stream <> '$erasures' GROUP BY stream
            """, arguments: [cut])
        let sessions = db.changesCount
        // The step's sessions, from its own events (which are still here): pruned_sessions has no
        // index on cut_position, and grows with every prune a file has seen.
        let removedSessions = "SELECT DISTINCT stream FROM events WHERE position <= \(cut) AND stream <> '$erasures'"
        try db.execute(sql: "DELETE FROM command_receipts WHERE stream IN (\(removedSessions))")
        for table in ["dismissals", "presentations", "sessions"] {
            try db.execute(sql: "DELETE FROM \(table) WHERE session IN (\(removedSessions))")
        }
        try db.execute(sql: "DELETE FROM events WHERE position <= ?", arguments: [cut])
        let events = Int64(db.changesCount)
        return (PruneReport(removedEvents: events, removedSessions: sessions, cutPosition: cut, stoppedBy: stop), limited)
    }
}
