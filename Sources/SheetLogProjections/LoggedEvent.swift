import Foundation
import GRDB
import GRDBSQLite
import SheetLogDomain

/// The columns of a logged event that the projection folds: no metadata, no event id, so that
/// rebuild reads and copies as little as it can.
struct LoggedEvent {
    /// What ``init(row:)`` reads, in its order.
    static let columnList = "position, stream, version, type, schema_version, payload, COALESCE(occurred_at, recorded_at), chain"

    /// Names the projection in the codec's errors.
    private static let decodeOperation = "projection \(SheetProjection.projectionName)"

    var position: Int64
    var stream: String
    var version: Int64
    var type: String
    var schemaVersion: Int
    var payload: String
    /// `occurred_at`, or `recorded_at` when the app gave no time: what the domain's codec uses.
    var occurredAt: Int64
    /// Kept only where a cached session is checked against the log; empty in rebuild.
    var chain: [UInt8]

    init(_ recorded: RecordedEvent) {
        position = recorded.position
        stream = recorded.stream
        version = recorded.version
        type = recorded.type
        schemaVersion = recorded.schemaVersion
        payload = recorded.payload
        occurredAt = recorded.occurredAt ?? recorded.recordedAt
        chain = recorded.chain
    }

    /// Decodes a row selected with ``columnList``, by column index.
    init(row: Row, keepingChain: Bool) {
        position = row[0]
        stream = row[1]
        version = row[2]
        type = row[3]
        schemaVersion = row[4]
        payload = row[5]
        occurredAt = row[6]
        chain = keepingChain ? [UInt8](row[7] as Data) : []
    }

    /// The sheet event it holds, decoded by the domain's codec; nil for a type the domain does
    /// not know (something else wrote it), which the projection skips.
    ///
    /// Throws the codec's ``SheetLogError/Code/unsupportedSchemaVersion`` or
    /// ``SheetLogError/Code/undecodableEvent`` for a payload of a known type that it refuses.
    func sheetEvent() throws(SheetLogError) -> SheetEvent? {
        guard SheetEventType(rawValue: type) != nil else { return nil }
        return try SheetEventCodec.decode(
            type: type, schemaVersion: schemaVersion, payload: payload, occurredAt: occurredAt,
            context: .init(stream: stream, actualVersion: version, position: position, eventType: type,
                           operation: Self.decodeOperation))
    }

    /// Calls `body` with the stream, position and version of every event of the log, in position
    /// order, and the sheet event it holds (nil for a type the domain does not know).
    ///
    /// Rebuild's reading of the log: the type and payload are decoded straight from SQLite's
    /// bytes, with no `String` of either and no GRDB `Row` lookups, and an error's context is
    /// made only when a payload is refused. Throws what ``sheetEvent()`` throws.
    static func forEachEvent(
        in db: Database, _ body: (_ stream: String, _ position: Int64, _ version: Int64, _ event: SheetEvent?) throws -> Void
    ) throws {
        let statement = try db.makeStatement(sql: """
            SELECT position, stream, version, type, schema_version, payload, COALESCE(occurred_at, recorded_at)
            FROM events ORDER BY position
            """)
        let handle = statement.sqliteStatement
        func text(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: sqlite3_column_text(handle, column), count: Int(sqlite3_column_bytes(handle, column)))
        }
        let rows = try Row.fetchCursor(statement)
        while try rows.next() != nil {
            let position = sqlite3_column_int64(handle, 0)
            let stream = String(decoding: text(1), as: UTF8.self)
            let version = sqlite3_column_int64(handle, 2)
            guard let type = SheetEventType(utf8: text(3)) else {
                try body(stream, position, version, nil)
                continue
            }
            let event = try SheetEventCodec.decode(
                type, schemaVersion: Int(sqlite3_column_int64(handle, 4)), payload: text(5),
                occurredAt: sqlite3_column_int64(handle, 6),
                context: {
                    .init(stream: stream, actualVersion: version, position: position, eventType: type.rawValue,
                          operation: decodeOperation)
                })
            try body(stream, position, version, event)
        }
    }
}
