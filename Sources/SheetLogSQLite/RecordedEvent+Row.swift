import Foundation
import GRDB
import SheetLogCore

extension RecordedEvent {
    /// The columns ``init(row:)`` decodes, in its order.
    static let columnList =
        "position, event_id, stream, version, type, schema_version, payload, metadata, occurred_at, recorded_at, chain, chain_version"

    /// Decodes a row selected with ``columnList``, by column index (the read path avoids Codable).
    init(row: Row) {
        self.init(
            position: row[0],
            eventID: row[1],
            stream: row[2],
            version: row[3],
            type: row[4],
            schemaVersion: row[5],
            payload: row[6],
            metadata: row[7],
            occurredAt: row[8],
            recordedAt: row[9],
            chain: [UInt8](row[10] as Data),
            chainVersion: row[11])
    }

    /// Every event a prepared statement selects with ``columnList``.
    static func fetchAll(_ statement: Statement, arguments: StatementArguments) throws -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() {
            events.append(RecordedEvent(row: row))
        }
        return events
    }
}
