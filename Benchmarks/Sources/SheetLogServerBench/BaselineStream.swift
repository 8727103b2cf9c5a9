import CSQLiteBaseline
import Foundation
import SheetLog

/// The baseline of the replay figure (`sheetlog-bench`'s): the same rows in a raw SQLite table,
/// read back with one SELECT by the (stream, version) index, every payload parsed in C.
final class BaselineStream {
    private let handle: OpaquePointer

    /// Copies the session's stored events (ids, payloads, times, chain) into a baseline database at `path`.
    init(copying events: [RecordedEvent], into path: String) throws {
        var handle: OpaquePointer?
        guard slb_open(path, SLB_SYNC_NORMAL, &handle) == 0, let handle else {
            slb_close(handle)
            throw SheetLogError(.storage, "the baseline database at \(path) could not be opened", context: .init(operation: "baseline open"))
        }
        self.handle = handle
        guard let rows = slb_rows_create(Int64(events.count)) else {
            throw SheetLogError(.storage, "the baseline could not allocate \(events.count) rows", context: .init(operation: "baseline rows"))
        }
        defer { slb_rows_free(rows) }
        for event in events {
            let rc = event.chain.withUnsafeBufferPointer { chain in
                slb_rows_add(rows, event.eventID, event.stream, event.version, event.type, Int64(event.schemaVersion), event.payload,
                             event.metadata, event.occurredAt ?? 0, event.recordedAt, chain.baseAddress)
            }
            guard rc == 0 else { throw Self.failure(handle, "row copy") }
        }
        guard slb_bulk_insert(handle, rows, 0, Int64(events.count), 10_000) == 0 else { throw Self.failure(handle, "bulk insert") }
    }

    deinit { slb_close(handle) }

    /// Reads `stream` through `version`; returns the rows read.
    func read(_ stream: String, through version: Int) throws -> Int64 {
        var result = slb_scan_result()
        guard slb_read_stream(handle, stream, Int64(version), &result) == 0 else { throw Self.failure(handle, "stream read") }
        return result.rows
    }

    private static func failure(_ handle: OpaquePointer, _ operation: String) -> SheetLogError {
        SheetLogError(.storage, "the baseline's \(operation) failed: \(String(cString: slb_errmsg(handle)))", context: .init(operation: "baseline \(operation)"))
    }
}
