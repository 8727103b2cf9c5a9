import Foundation
import GRDB
import SheetLogTesting

/// One change made to a stored event behind the store's back, as someone editing the file would.
enum StoredChange: Sendable {
    case payload(String)
    case metadata(String?)
    case occurredAt(Int64?)
    case recordedAt(Int64)
    case schemaVersion(Int)
    /// A new chain value and chain version, as a forger who recomputes the chain writes them.
    case chain([UInt8], version: Int)

    /// The change applied to an in-memory copy of the event.
    func apply(to event: inout RecordedEvent) {
        switch self {
        case let .payload(payload): event.payload = payload
        case let .metadata(metadata): event.metadata = metadata
        case let .occurredAt(occurredAt): event.occurredAt = occurredAt
        case let .recordedAt(recordedAt): event.recordedAt = recordedAt
        case let .schemaVersion(schemaVersion): event.schemaVersion = schemaVersion
        case let .chain(chain, version):
            event.chain = chain
            event.chainVersion = version
        }
    }

    /// The UPDATE that makes the change to the event at `position` in the `events` table.
    func update(at position: Int64) -> (sql: String, arguments: StatementArguments) {
        switch self {
        case let .payload(payload): ("UPDATE events SET payload = ? WHERE position = ?", [payload, position])
        case let .metadata(metadata): ("UPDATE events SET metadata = ? WHERE position = ?", [metadata, position])
        case let .occurredAt(occurredAt): ("UPDATE events SET occurred_at = ? WHERE position = ?", [occurredAt, position])
        case let .recordedAt(recordedAt): ("UPDATE events SET recorded_at = ? WHERE position = ?", [recordedAt, position])
        case let .schemaVersion(schemaVersion): ("UPDATE events SET schema_version = ? WHERE position = ?", [schemaVersion, position])
        case let .chain(chain, version):
            ("UPDATE events SET chain = ?, chain_version = ? WHERE position = ?", [Data(chain), version, position])
        }
    }
}
