import Foundation
import GRDB
import SheetLogStoreConformance
import SheetLogCore

extension StoredChange {
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
