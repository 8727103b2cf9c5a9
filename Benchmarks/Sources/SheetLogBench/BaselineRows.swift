import BenchmarkHarness
import CSQLiteBaseline
import SheetLogCore

/// The workload's events copied once into C-owned rows, so inserting them costs the baseline no bridging.
///
/// The chain column gets a real SHA-256 chain under SheetLog's current rule (``ChainRule/v2``,
/// computed here, outside any timing) and the row its `chain_version`, so that the baseline's rows
/// are the same size as SheetLog's.
final class BaselineRows {
    let pointer: OpaquePointer
    let count: Int

    init(_ events: [WorkloadEvent]) throws(SheetLogError) {
        guard let pointer = slb_rows_create(Int64(events.count)) else {
            throw SheetLogError(.storage, "The baseline could not allocate \(events.count) rows.",
                                context: SheetLogError.Context(operation: "baseline rows", limit: events.count))
        }
        self.pointer = pointer
        self.count = events.count
        var chain = IntegrityChain.genesis
        for (index, event) in events.enumerated() {
            let recordedAt = event.occurredAt + 3
            chain = IntegrityChain.linkV2(
                previous: chain, position: Int64(index + 1), eventID: event.eventID, stream: event.stream,
                version: event.version, type: event.type, schemaVersion: 1, payload: event.payload,
                metadata: event.metadata, occurredAt: event.occurredAt, recordedAt: recordedAt)
            let rc = slb_rows_add(pointer, event.eventID, event.stream, event.version, event.type, 1, event.payload,
                                  event.metadata, event.occurredAt, recordedAt, chain)
            guard rc == 0 else {
                throw SheetLogError(.storage, "The baseline could not copy row \(index + 1).",
                                    context: SheetLogError.Context(position: Int64(index + 1), operation: "baseline rows",
                                                                   sqliteCode: rc))
            }
        }
    }

    deinit { slb_rows_free(pointer) }
}
