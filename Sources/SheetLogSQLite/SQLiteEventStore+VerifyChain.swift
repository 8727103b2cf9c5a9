import Foundation
import GRDB
import SheetLogCore

extension SQLiteEventStore {
    /// How many events ``verifyChain()`` reads per query.
    static let verificationChunkSize = 2_000

    /// Recomputes the integrity chain from position 1 (from the latest base's cut in a pruned log), a chunk at a time, each event under the rule
    /// its `chain_version` names, and names the first position whose stored chain differs (an
    /// edited, inserted or removed event breaks it there), that names a rule this build does not
    /// know, or that claims rule 1 after a rule-2 event. Reads a chunk at a time, so that it holds a
    /// thread only per chunk; throws `CancellationError` between chunks once its task is cancelled.
    @concurrent
    public func verifyChain() async throws -> ChainVerification {
        // A pruned log is checked from its latest base: the first kept event links to the cut's chain.
        let base = try await reading("verifyChain") { db in try Self.logBase(in: db) }
        var walk = base.map { ChainWalk(base: $0.chain) } ?? ChainWalk()
        var cursor = base?.cutPosition ?? 0
        while true {
            try Task.checkCancellation()
            let rows = try await reading("verifyChain") { [cursor] db in
                let statement = try db.cachedStatement(sql: """
                    SELECT \(RecordedEvent.columnList) FROM events WHERE position > ? ORDER BY position LIMIT ?
                    """)
                return try RecordedEvent.fetchAll(statement, arguments: [cursor, Self.verificationChunkSize])
            }
            for event in rows {
                if let broken = walk.check(event) { return broken }
                cursor = event.position
            }
            if rows.count < Self.verificationChunkSize { return walk.intact }
        }
    }
}
