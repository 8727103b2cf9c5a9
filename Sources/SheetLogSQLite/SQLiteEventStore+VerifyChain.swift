import Foundation
import GRDB
import SheetLogCore

extension SQLiteEventStore {
    /// How many events ``verifyChain()`` reads per query.
    static let verificationChunkSize = 2_000

    /// Recomputes the integrity chain from position 1, a chunk at a time, and names the first
    /// position whose stored chain differs (an edited, inserted or removed event breaks it there).
    public func verifyChain() async throws -> ChainVerification {
        var previous = IntegrityChain.genesis
        var cursor: Int64 = 0
        var checked = 0
        while true {
            let rows = try await reading("verifyChain") { [cursor] db in
                let statement = try db.cachedStatement(sql: """
                    SELECT position, event_id, stream, version, type, payload, chain FROM events
                    WHERE position > ? ORDER BY position LIMIT ?
                    """)
                return try Row.fetchAll(statement, arguments: [cursor, Self.verificationChunkSize])
                    .map { row in
                        (position: row[0] as Int64, eventID: row[1] as String, stream: row[2] as String, version: row[3] as Int64,
                         type: row[4] as String, payload: row[5] as String, chain: [UInt8](row[6] as Data))
                    }
            }
            for row in rows {
                checked += 1
                let expected = IntegrityChain.link(previous: previous, position: row.position, eventID: row.eventID,
                                                   stream: row.stream, version: row.version, type: row.type, payload: row.payload)
                if expected != row.chain {
                    return ChainVerification(checkedEvents: checked, firstBrokenPosition: row.position)
                }
                previous = expected
                cursor = row.position
            }
            if rows.count < Self.verificationChunkSize {
                return ChainVerification(checkedEvents: checked, firstBrokenPosition: nil)
            }
        }
    }
}
