import BenchmarkHarness
import SheetLogCore

/// A workload event with what a store adds when it appends it: the time it was recorded (3 ms after
/// it occurred) and its link of the integrity chain under SheetLog's current rule (``ChainRule/v2``),
/// so that a baseline stores rows the same size as SheetLog's. Computed outside any timing.
struct ChainedEvent {
    let event: WorkloadEvent
    let recordedAt: Int64
    /// 32 bytes.
    let chain: [UInt8]

    /// `events` in order, each linked to the one before, starting from the genesis link at position 1.
    static func chain(_ events: [WorkloadEvent]) -> [ChainedEvent] {
        var chain = IntegrityChain.genesis
        return events.enumerated().map { index, event in
            let recordedAt = event.occurredAt + 3
            chain = IntegrityChain.linkV2(
                previous: chain, position: Int64(index + 1), eventID: event.eventID, stream: event.stream,
                version: event.version, type: event.type, schemaVersion: 1, payload: event.payload,
                metadata: event.metadata, occurredAt: event.occurredAt, recordedAt: recordedAt)
            return ChainedEvent(event: event, recordedAt: recordedAt, chain: chain)
        }
    }
}
