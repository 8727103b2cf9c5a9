import Foundation
import GRDB
import SheetLogDomain
import SheetLogSQLite

/// What a restarted process finds in the database, read with the production store.
package struct LogSnapshot: Sendable {
    /// Every event, in position order.
    package var events: [RecordedEvent]
    package var chain: ChainVerification
    /// `PRAGMA integrity_check`'s rows: `["ok"]` for a sound file.
    package var integrityCheck: [String]
    /// Projection tables that differ from a rebuild from the log.
    package var projectionMismatches: [ProjectionMismatch]
    /// The draft values of every open presentation as the `presentations` projection holds them,
    /// by session and presentation; nil when the store keeps no sheet projection.
    package var projectedOpenDrafts: [DraftReference: [String: FieldValue]]?

    package init(
        events: [RecordedEvent], chain: ChainVerification, integrityCheck: [String],
        projectionMismatches: [ProjectionMismatch] = [], projectedOpenDrafts: [DraftReference: [String: FieldValue]]? = nil
    ) {
        self.events = events
        self.chain = chain
        self.integrityCheck = integrityCheck
        self.projectionMismatches = projectionMismatches
        self.projectedOpenDrafts = projectedOpenDrafts
    }

    /// Reads everything through `store`.
    package static func read(_ store: SQLiteEventStore) async throws -> LogSnapshot {
        let events = try await store.readAll()
        let chain = try await store.verifyChain()
        let integrity = try await store.writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        let mismatches = try await store.verifyProjections()
        let keepsSheets = store.configuration.sheets != nil
        let drafts = keepsSheets ? try await openDrafts(store) : nil
        return LogSnapshot(events: events, chain: chain, integrityCheck: integrity,
                           projectionMismatches: mismatches, projectedOpenDrafts: drafts)
    }

    private static func openDrafts(_ store: SQLiteEventStore) async throws -> [DraftReference: [String: FieldValue]] {
        let rows = try await store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT session, presentation, draft_values FROM presentations WHERE status = 'open'")
                .map { (session: $0[0] as String, presentation: $0[1] as String, values: $0[2] as String) }
        }
        var drafts: [DraftReference: [String: FieldValue]] = [:]
        for row in rows {
            let values = try JSONDecoder().decode([String: FieldValue].self, from: Data(row.values.utf8))
            drafts[DraftReference(session: row.session, presentation: row.presentation)] = values
        }
        return drafts
    }
}
