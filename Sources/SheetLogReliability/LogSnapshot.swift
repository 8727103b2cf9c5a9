import GRDB
import SheetLogSQLite

/// What a restarted process finds in the database, read with the production store.
public struct LogSnapshot: Sendable {
    /// Every event, in position order.
    public var events: [RecordedEvent]
    public var chain: ChainVerification
    /// `PRAGMA integrity_check`'s rows: `["ok"]` for a sound file.
    public var integrityCheck: [String]

    public init(events: [RecordedEvent], chain: ChainVerification, integrityCheck: [String]) {
        self.events = events
        self.chain = chain
        self.integrityCheck = integrityCheck
    }

    /// Reads everything through `store`.
    public static func read(_ store: SQLiteEventStore) async throws -> LogSnapshot {
        let events = try await store.readAll()
        let chain = try await store.verifyChain()
        let integrity = try await store.writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        return LogSnapshot(events: events, chain: chain, integrityCheck: integrity)
    }
}
