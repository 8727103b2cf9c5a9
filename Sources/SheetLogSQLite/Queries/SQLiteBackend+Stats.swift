import Foundation
import GRDB
import SheetLogProjections
import SheetLogStorage

extension SQLiteBackend {
    /// Counts of events, sessions and drafts; the size is the file plus its WAL (the page count
    /// times the page size in memory).
    package func statistics() async throws -> Statistics {
        let counts = try await readModels("stats") { db in
            let events = try Int64.fetchOne(db, sql: "SELECT count(*) FROM events") ?? 0
            let sessions = try Int.fetchOne(db, sql: "SELECT count(DISTINCT stream) FILTER (WHERE substr(stream, 1, 1) <> '$') FROM events") ?? 0
            var byType: [String: Int64] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT type, count(*) FROM events GROUP BY type") {
                byType[row[0]] = row[1]
            }
            // Through the view: its WHERE is the one of the partial index presentations_recoverable.
            // In a sealed database, as recoverableDrafts(): not the drafts of an erased subject. The
            // view says so since migration 0012, but a read-only copy of an older file is read
            // without it (a reader applies no migration).
            // A session a prune carried names its subject in its base.
            let carried = try CarriedSession.hasTable(in: db) ? """
                AND NOT EXISTS (SELECT 1 FROM base_sessions c JOIN subject_keys k ON k.subject = json_extract(c.snapshot, '$.subject')
                                WHERE c.session = d.session AND k.wrapped_key IS NULL)
                """ : ""
            let offered = try SealingRecord.read(in: db) == nil ? "" : """
                AND NOT EXISTS (SELECT 1 FROM events e JOIN subject_keys k ON k.subject = json_extract(e.payload, '$.subject')
                                WHERE e.stream = d.session AND e.version = 1 AND k.wrapped_key IS NULL)
                \(carried)
                """
            let open = try Int.fetchOne(db, sql: "SELECT count(*) FROM recoverable_drafts d WHERE reason = 'open' \(offered)") ?? 0
            let recoverable = try Int.fetchOne(db, sql: "SELECT count(*) FROM recoverable_drafts d WHERE 1 \(offered)") ?? 0
            let pages = try Int64.fetchOne(db, sql: "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()") ?? 0
            return (events, sessions, byType, open, recoverable, pages)
        }
        return Statistics(
            events: counts.0, sessions: counts.1, eventsByType: counts.2, openDrafts: counts.3, recoverableDrafts: counts.4,
            fileBytes: path.map { Self.fileSize($0) + Self.fileSize($0 + "-wal") } ?? counts.5)
    }

    static func fileSize(_ path: String) -> Int64 {
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber
        return size?.int64Value ?? 0
    }
}
