import GRDB
import GRDBSQLite
import SheetLogDomain

/// Consecutive rows of the log copied out of SQLite — positions, versions, the type matched from
/// its bytes, and the stream and payload bytes side by side in one buffer — so that another thread
/// can decode them while the database's thread reads on.
struct RawEventChunk: Sendable {
    struct Row: Sendable {
        var position: Int64
        var version: Int64
        /// Nil for a type the domain does not know, which the projection refuses.
        var type: SheetEventType?
        /// The type's text, copied only when the domain does not know it (to name it in the error).
        var unknownType: Range<Int>
        var schemaVersion: Int
        var occurredAt: Int64
        var stream: Range<Int>
        var payload: Range<Int>
    }

    /// One event of the chunk, decoded.
    struct Decoded: Sendable {
        var stream: String
        /// The stream's number in order of first appearance in the log (``StreamNumbers``): the fold
        /// finds its session by it instead of hashing the name again.
        var streamNumber: Int
        var position: Int64
        var version: Int64
        var event: SheetEvent
    }

    /// The SELECT whose rows ``append(from:)`` copies, in its column order.
    static let selectSQL = """
        SELECT position, stream, version, type, schema_version, payload, COALESCE(occurred_at, recorded_at)
        FROM events ORDER BY position
        """

    private(set) var bytes: [UInt8] = []
    private(set) var rows: [Row] = []

    init(capacity: Int) {
        rows.reserveCapacity(capacity)
        bytes.reserveCapacity(capacity * 256)
    }

    /// Copies the row `statement` (prepared from ``selectSQL``) stands on.
    mutating func append(from statement: SQLiteStatement) {
        func text(_ column: Int32) -> Range<Int> {
            let start = bytes.count
            if let text = sqlite3_column_text(statement, column) {
                bytes.append(contentsOf: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column))))
            }
            return start..<bytes.count
        }
        let type = SheetEventType(utf8: UnsafeBufferPointer(
            start: sqlite3_column_text(statement, 3), count: Int(sqlite3_column_bytes(statement, 3))))
        rows.append(Row(
            position: sqlite3_column_int64(statement, 0), version: sqlite3_column_int64(statement, 2), type: type,
            unknownType: type == nil ? text(3) : bytes.count..<bytes.count,
            schemaVersion: Int(sqlite3_column_int64(statement, 4)), occurredAt: sqlite3_column_int64(statement, 6),
            stream: text(1), payload: text(5)))
    }

    /// The chunk's events in order, decoded by the domain's codec, up to the first event it
    /// refuses (a type it does not know, a payload it cannot decode): then `error` is the error that
    /// event throws (the one a sequential decode would throw first), and `events` the events before it.
    func decoded(numbering streams: StreamNumbers) -> (events: [Decoded], error: SheetLogError?) {
        var events: [Decoded] = []
        events.reserveCapacity(rows.count)
        return bytes.withUnsafeBufferPointer { buffer in
            for row in rows {
                let stream = String(decoding: UnsafeBufferPointer(rebasing: buffer[row.stream]), as: UTF8.self)
                let number = streams.number(of: stream)
                do throws(SheetLogError) {
                    guard let type = row.type else {
                        throw SheetEventCodec.unknownType(
                            String(decoding: UnsafeBufferPointer(rebasing: buffer[row.unknownType]), as: UTF8.self),
                            context: .init(stream: stream, actualVersion: row.version, position: row.position,
                                           operation: LoggedEvent.decodeOperation))
                    }
                    let event = try SheetEventCodec.decode(
                        type, schemaVersion: row.schemaVersion, payload: UnsafeBufferPointer(rebasing: buffer[row.payload]),
                        occurredAt: row.occurredAt,
                        context: {
                            .init(stream: stream, actualVersion: row.version, position: row.position, eventType: type.rawValue,
                                  operation: LoggedEvent.decodeOperation)
                        })
                    events.append(Decoded(stream: stream, streamNumber: number, position: row.position, version: row.version, event: event))
                } catch {
                    return (events, error)
                }
            }
            return (events, nil)
        }
    }
}

/// Numbers streams 0, 1, 2… in the order the log first names them.
///
/// A reference type because it outlives each chunk's decoding; only the decoding queue touches it,
/// one chunk after the other in log order, so the numbers do not depend on timing.
final class StreamNumbers: @unchecked Sendable {
    private var numbers: [String: Int] = [:]

    func number(of stream: String) -> Int {
        if let number = numbers[stream] { return number }
        let number = numbers.count
        numbers[stream] = number
        return number
    }
}
