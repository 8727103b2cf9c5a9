import SheetLogCore

/// One change made to a stored event behind the store's back, as someone editing the file would:
/// what a ``StoreFixture``'s `tamper` applies (each backend in its own way, SQL for the databases).
package enum StoredChange: Sendable {
    case payload(String)
    case metadata(String?)
    case occurredAt(Int64?)
    case recordedAt(Int64)
    case schemaVersion(Int)
    /// A new chain value and chain version, as a forger who recomputes the chain writes them.
    case chain([UInt8], version: Int)

    /// The change applied to an in-memory copy of the event.
    package func apply(to event: inout RecordedEvent) {
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
}
