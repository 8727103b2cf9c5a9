import Foundation
import GRDB
import SheetLogProjections

extension LoggedEvent {
    /// What ``init(row:keepingChain:)`` reads, in its order.
    static let columnList = "position, stream, version, type, schema_version, payload, COALESCE(occurred_at, recorded_at), chain, event_id"

    /// Decodes a row selected with ``columnList``, by column index.
    init(row: Row, keepingChain: Bool) {
        self.init(
            position: row[0], eventID: row[8], stream: row[1], version: row[2], type: row[3], schemaVersion: row[4], payload: row[5],
            occurredAt: row[6], chain: keepingChain ? [UInt8](row[7] as Data) : [])
    }
}
