import BenchmarkHarness
import CSQLiteBaseline
import SheetLogCore

/// The workload's events copied once into C-owned rows, so inserting them costs the baseline no bridging.
///
/// The chain column gets a real SHA-256 chain (``ChainedEvent``) and the row its `chain_version`,
/// so that the baseline's rows are the same size as SheetLog's.
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
        for (index, row) in ChainedEvent.chain(events).enumerated() {
            let event = row.event
            let rc = slb_rows_add(pointer, event.eventID, event.stream, event.version, event.type, 1, event.payload,
                                  event.metadata, event.occurredAt, row.recordedAt, row.chain)
            guard rc == 0 else {
                throw SheetLogError(.storage, "The baseline could not copy row \(index + 1).",
                                    context: SheetLogError.Context(position: Int64(index + 1), operation: "baseline rows",
                                                                   sqliteCode: rc))
            }
        }
    }

    deinit { slb_rows_free(pointer) }
}
