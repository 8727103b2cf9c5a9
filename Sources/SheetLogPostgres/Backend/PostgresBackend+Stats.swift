import PostgresNIO
import SheetLogStorage

extension PostgresBackend {
    /// Counts of the device's events, sessions and drafts.
    ///
    /// `fileBytes` cannot be the device's share of the database's files (PostgreSQL sizes relations,
    /// `pg_total_relation_size`, not the rows of one device): it is the stored size of the device's
    /// `events` rows (`pg_column_size` of each whole row, as stored, compressed values included),
    /// without indexes, read models, page and tuple overhead. It grows with the device's log as the
    /// file of a device does, and is smaller than its SQLite file.
    package func statistics() async throws -> Statistics {
        try await store.reading("stats") { client in
            let logger = store.logger
            var events: Int64 = 0, sessions = 0, bytes: Int64 = 0
            let totals = try await client.query("""
                SELECT count(*)::bigint, (count(DISTINCT stream) FILTER (WHERE substr(stream, 1, 1) <> '$'))::bigint, coalesce(sum(pg_column_size(e.*)), 0)::bigint
                FROM events e WHERE device = \(device)
                """, logger: logger)
            for try await (count, streams, size) in totals.decode((Int64, Int64, Int64).self) {
                (events, sessions, bytes) = (count, Int(streams), size)
            }
            var byType: [String: Int64] = [:]
            let types = try await client.query(
                "SELECT type, count(*)::bigint FROM events WHERE device = \(device) GROUP BY type", logger: logger)
            for try await (type, count) in types.decode((String, Int64).self) { byType[type] = count }
            var open = 0, recoverable = 0
            let drafts = try await client.query("""
                SELECT count(*) FILTER (WHERE reason = 'open')::bigint, count(*)::bigint
                FROM recoverable_drafts WHERE device = \(device)
                """, logger: logger)
            for try await (openCount, all) in drafts.decode((Int64, Int64).self) { (open, recoverable) = (Int(openCount), Int(all)) }
            return Statistics(
                events: events, sessions: sessions, eventsByType: byType, openDrafts: open, recoverableDrafts: recoverable, fileBytes: bytes)
        }
    }
}
