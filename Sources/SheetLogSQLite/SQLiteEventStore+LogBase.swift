import Foundation
import GRDB
import SheetLogCore
import SheetLogProjections
import SheetLogStorage

extension SQLiteEventStore {
    /// Whether the file has the tables of migration 0013 (a read-only copy of an older file,
    /// which a reader never migrates, has not: nothing of it was pruned).
    static func hasRetentionTables(in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'log_bases')")) ?? false
    }

    /// The pruning that removed `session`; nil when it was not pruned. One index probe.
    static func pruning(of session: String, in db: Database, migrated: Bool) throws -> SessionPruning? {
        let hasTables = try migrated || hasRetentionTables(in: db)
        guard hasTables else { return nil }
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT p.last_version, p.cut_position, b.pruned_at, (SELECT max(cut_position) FROM log_bases)
            FROM pruned_sessions p JOIN log_bases b ON b.cut_position = p.cut_position
            WHERE p.session = ?
            """), arguments: [session]) else { return nil }
        let latestCut: Int64 = row[3]
        return SessionPruning(session: session, lastVersion: row[0], cutPosition: row[1], prunedAt: row[2], firstKeptPosition: latestCut + 1)
    }

    /// Where `session`'s kept events begin: removed whole by a prune, or carried across its cut; nil
    /// when no prune touched it. An index probe or two.
    static func base(of session: String, in db: Database, migrated: Bool) throws -> SessionBase? {
        if let pruning = try pruning(of: session, in: db, migrated: migrated) { return .pruned(pruning) }
        guard try migrated || CarriedSession.hasTable(in: db) else { return nil }
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT c.version, c.cut_position, b.pruned_at, c.snapshot
            FROM base_sessions c JOIN log_bases b ON b.cut_position = c.cut_position
            WHERE c.session = ?
            """), arguments: [session]) else { return nil }
        return .carried(CarriedState(session: session, version: row[0], cutPosition: row[1], prunedAt: row[2], snapshot: row[3]))
    }

    /// The latest base and the totals of every prune; nil for a log never pruned.
    @concurrent
    package func logBase() async throws -> LogBase? {
        try await reading("log base") { db in try Self.logBase(in: db) }
    }

    /// ``logBase()`` on the calling thread (automatic retention runs on a queue of its own).
    package func logBaseOnCallingThread() throws -> LogBase? {
        do {
            return try readOnCallingThread { db in try Self.logBase(in: db) }
        } catch {
            throw SheetLogError.wrapping(error, operation: "log base")
        }
    }

    /// The latest base and the totals of every prune; nil for a log never pruned.
    static func logBase(in db: Database) throws -> LogBase? {
        guard try hasRetentionTables(in: db) else { return nil }
        guard let row = try Row.fetchOne(db, sql: """
            SELECT b.cut_position, b.chain, b.pruned_at,
                   (SELECT sum(removed_events) FROM log_bases),
                   (SELECT count(*) FROM log_bases a, json_each(a.erasures)),
                   (SELECT COALESCE(max(json_extract(e.value, '$.version')), 0) FROM log_bases a, json_each(a.erasures) e)
            FROM log_bases b ORDER BY b.cut_position DESC LIMIT 1
            """) else { return nil }
        return LogBase(cutPosition: row[0], chain: [UInt8](row[1] as Data), prunedAt: row[2], removedEvents: row[3],
                       carriedErasures: row[4], carriedErasuresVersion: row[5])
    }

    /// The `$erasures` events the bases carry, oldest first, as they were stored.
    static func carriedErasures(in db: Database) throws -> [RecordedEvent] {
        guard try hasRetentionTables(in: db) else { return [] }
        return try Row.fetchAll(db, sql: """
            SELECT json_extract(e.value, '$.position'), json_extract(e.value, '$.event_id'), json_extract(e.value, '$.stream'),
                   json_extract(e.value, '$.version'), json_extract(e.value, '$.type'), json_extract(e.value, '$.schema_version'),
                   json_extract(e.value, '$.payload'), json_extract(e.value, '$.metadata'), json_extract(e.value, '$.occurred_at'),
                   json_extract(e.value, '$.recorded_at'), json_extract(e.value, '$.chain'), json_extract(e.value, '$.chain_version')
            FROM log_bases b, json_each(b.erasures) e ORDER BY b.cut_position, e.key
            """).map { row in
                // Written by CarriedErasureRows (or, before it, by the prune's SQL: lowercase hex too).
                let chain = Checksum.bytes(hex: row[10]) ?? []
                return RecordedEvent(
                    position: row[0], eventID: row[1], stream: row[2], version: row[3], type: row[4], schemaVersion: row[5],
                    payload: row[6], metadata: row[7], occurredAt: row[8], recordedAt: row[9], chain: chain, chainVersion: row[11])
            }
    }
}
