import GRDB
import GRDBSQLite
import SheetLogProjections

extension RawEventChunk {
    /// The SELECT whose rows ``append(from:)`` copies, in its column order.
    package static let selectSQL = """
        SELECT position, stream, version, type, schema_version, payload, COALESCE(occurred_at, recorded_at), event_id
        FROM events ORDER BY position
        """

    /// Copies the row `statement` (prepared from ``selectSQL``) stands on, straight from SQLite's bytes.
    mutating func append(from statement: SQLiteStatement) {
        func text(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: sqlite3_column_text(statement, column), count: Int(sqlite3_column_bytes(statement, column)))
        }
        // Each column's text stays valid until the statement steps: none of these calls converts another column.
        append(
            position: sqlite3_column_int64(statement, 0), version: sqlite3_column_int64(statement, 2), type: text(3),
            schemaVersion: Int(sqlite3_column_int64(statement, 4)), occurredAt: sqlite3_column_int64(statement, 6),
            stream: text(1), payload: text(5), eventID: text(7))
    }
}
