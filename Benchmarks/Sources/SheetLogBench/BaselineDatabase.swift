import BenchmarkHarness
import CSQLiteBaseline
import SheetLogCore

/// A raw-SQLite baseline database (CSQLiteBaseline) with Swift errors: every failing call throws
/// ``SheetLogError`` with code `storage` and SQLite's result code in the context.
final class BaselineDatabase {
    let path: String
    private let handle: OpaquePointer

    init(path: String, synchronous: slb_sync) throws(SheetLogError) {
        var handle: OpaquePointer?
        let rc = slb_open(path, synchronous, &handle)
        guard rc == 0, let handle else {
            let message = handle.map { String(cString: slb_errmsg($0)) } ?? "out of memory"
            slb_close(handle)
            throw Self.error(rc, "opening the baseline database at \(path) failed: \(message)", operation: "open")
        }
        self.path = path
        self.handle = handle
    }

    deinit { slb_close(handle) }

    /// BEGIN; INSERT row `index`; COMMIT. Returns the call's latency in ns.
    func appendDurably(_ rows: BaselineRows, index: Int) throws(SheetLogError) -> Int64 {
        var elapsed: Int64 = 0
        try check(slb_append_durable(handle, rows.pointer, Int64(index), &elapsed), operation: "append")
        return elapsed
    }

    /// Inserts rows [first, first + count) in transactions of `rowsPerTransaction`.
    func bulkInsert(_ rows: BaselineRows, first: Int = 0, count: Int, rowsPerTransaction: Int = 10_000) throws(SheetLogError) {
        try check(slb_bulk_insert(handle, rows.pointer, Int64(first), Int64(count), Int64(rowsPerTransaction)),
                  operation: "bulk insert")
    }

    /// Reads every row and parses every payload; returns the rows read.
    func scan() throws(SheetLogError) -> slb_scan_result {
        var result = slb_scan_result()
        try check(slb_scan(handle, &result), operation: "scan")
        return result
    }

    /// Reads one stream's rows up to `version` by the (stream, version) index, parsing payloads.
    func readStream(_ stream: String, upTo version: Int) throws(SheetLogError) -> slb_scan_result {
        var result = slb_scan_result()
        try check(slb_read_stream(handle, stream, Int64(version), &result), operation: "stream read")
        return result
    }

    /// Creates the dismissals table and fills it with `dismissals` in one transaction.
    func loadDismissals(_ dismissals: some Sequence<WorkloadDismissal>) throws(SheetLogError) {
        try check(slb_audit_create(handle), operation: "audit schema")
        try check(slb_audit_begin(handle), operation: "audit insert")
        for row in dismissals {
            try check(slb_audit_insert(handle, row.position, row.session, row.presentation, row.route, row.source,
                                       row.outcome, row.resolution, row.discardedFields, row.occurredAt),
                      operation: "audit insert")
        }
        try check(slb_audit_commit(handle), operation: "audit insert")
    }

    /// Runs the audit SELECT once; returns its latency in ns and the rows it returned.
    func auditQuery(route: String, resolution: String, from: Int64, to: Int64) throws(SheetLogError) -> (ns: Int64, rows: Int64) {
        var elapsed: Int64 = 0
        var rows: Int64 = 0
        try check(slb_audit_query(handle, route, resolution, from, to, &elapsed, &rows), operation: "audit select")
        return (elapsed, rows)
    }

    /// Database plus WAL bytes after a truncating checkpoint.
    func sizeOnDisk() throws(SheetLogError) -> Int64 {
        var bytes: Int64 = 0
        try check(slb_size_on_disk(handle, path, &bytes), operation: "size")
        return bytes
    }

    private func check(_ rc: Int32, operation: String) throws(SheetLogError) {
        guard rc != 0 else { return }
        throw Self.error(rc, "The baseline's \(operation) failed: \(String(cString: slb_errmsg(handle))).",
                         operation: operation)
    }

    private static func error(_ rc: Int32, _ message: String, operation: String) -> SheetLogError {
        SheetLogError(.storage, message, context: SheetLogError.Context(operation: "baseline \(operation)", sqliteCode: rc))
    }
}
