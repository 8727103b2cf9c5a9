import Foundation
import GRDB
import SheetLogDomain

/// The columns of a logged event that the projection folds: no metadata, no event id, so that
/// rebuild reads and copies as little as it can.
struct LoggedEvent {
    /// What ``init(row:)`` reads, in its order.
    static let columnList = "position, stream, version, type, schema_version, payload, COALESCE(occurred_at, recorded_at), chain"

    /// Names the projection in the codec's errors.
    static let decodeOperation = "projection \(SheetProjection.projectionName)"

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

    /// The sheet event it holds, decoded by the domain's codec.
    ///
    /// Throws the codec's ``SheetLogError/Code/undecodableEvent`` for a type the domain does not
    /// know or a payload it refuses, and ``SheetLogError/Code/unsupportedSchemaVersion`` for a
    /// schema newer than this build reads.
    func sheetEvent() throws(SheetLogError) -> SheetEvent {
        try SheetEventCodec.decode(
            type: type, schemaVersion: schemaVersion, payload: payload, occurredAt: occurredAt,
            context: .init(stream: stream, actualVersion: version, position: position, eventType: type,
                           operation: Self.decodeOperation))
    }
}
