import SheetLogCore

extension [StreamBatch] {
    /// The batches' events as they will be stored: positions after `position`, each stream's versions
    /// after its version in `versions` (0 when absent), chained by rule 2 after `chain`, all stamped
    /// `recordedAt`. Pure: the store's append and the backend's deciding append read the starting
    /// points in their transaction and number with this one rule.
    func recorded(after position: Int64, chain: [UInt8], versions: [String: Int64], recordedAt: Int64) -> [RecordedEvent] {
        var (position, chain, versions) = (position, chain, versions)
        var recorded: [RecordedEvent] = []
        recorded.reserveCapacity(reduce(0) { $0 + $1.events.count })
        for batch in self {
            var version = versions[batch.stream] ?? 0
            for event in batch.events {
                position += 1
                version += 1
                chain = IntegrityChain.linkV2(
                    previous: chain, position: position, eventID: event.eventID, stream: batch.stream, version: version,
                    type: event.type, schemaVersion: event.schemaVersion, payload: event.payload, metadata: event.metadata,
                    occurredAt: event.occurredAt, recordedAt: recordedAt)
                recorded.append(RecordedEvent(
                    position: position, eventID: event.eventID, stream: batch.stream, version: version, type: event.type,
                    schemaVersion: event.schemaVersion, payload: event.payload, metadata: event.metadata,
                    occurredAt: event.occurredAt, recordedAt: recordedAt, chain: chain, chainVersion: ChainRule.v2.rawValue))
            }
            versions[batch.stream] = version
        }
        return recorded
    }
}
