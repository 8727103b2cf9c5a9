import BenchmarkHarness
import CSQLiteBaseline
import Foundation
import Testing

@Suite("Raw-SQLite baseline")
struct BaselineTests {
    private func parse(_ type: String, _ json: String) -> (valid: Bool, result: slb_scan_result) {
        var result = slb_scan_result()
        let valid = json.withCString { slb_parse_payload(type, $0, Int64(strlen($0)), &result) }
        return (valid == 1, result)
    }

    @Test("the C parser walks the whole payload and extracts the type's fields")
    func parserExtracts() {
        let edit = parse("edit", #"{"presentation":"p1","field":"amount","value":"12 \"x\" é","extra":[1,2,{"a":null}]}"#)
        #expect(edit.valid)
        #expect(edit.result.fields_found == 3)
        #expect(edit.result.json_values == 9)
        let present = parse("present", #"{"presentation":"p1","route":{"name":"newExpense","group":"editor"},"guard":"always"}"#)
        #expect(present.valid)
        #expect(present.result.fields_found == 4)
    }

    @Test("the C parser rejects malformed JSON", arguments: [
        #"{"a":1"#, #"{"a":01}"#, #"{"a":"\q"}"#, #"[1,]"#, #"{"a":tru}"#, #"{"a":1} x"#, "",
    ])
    func parserRejects(_ json: String) {
        #expect(!parse("edit", json).valid)
    }

    @Test("rows appended, bulk inserted, scanned and read by stream come back complete")
    func roundTrip() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("baseline.sqlite").path
        let workload = try Workload.generate(events: 600, seed: 11)

        let rows = try #require(slb_rows_create(Int64(workload.events.count)))
        defer { slb_rows_free(rows) }
        let chain = [UInt8](repeating: 7, count: 32)
        for event in workload.events {
            #expect(slb_rows_add(rows, event.eventID, event.stream, event.version, event.type, 1, event.payload,
                                 event.metadata, event.occurredAt, event.occurredAt + 1, chain) == 0)
        }
        var db: OpaquePointer?
        #expect(slb_open(path, SLB_SYNC_NORMAL, &db) == 0)
        defer { slb_close(db) }
        var elapsed: Int64 = 0
        #expect(slb_append_durable(db, rows, 0, &elapsed) == 0)
        #expect(elapsed > 0)
        #expect(slb_bulk_insert(db, rows, 1, 599, 100) == 0)
        #expect(slb_append_durable(db, rows, 0, &elapsed) != 0)  // event_id is UNIQUE

        var scan = slb_scan_result()
        #expect(slb_scan(db, &scan) == 0)
        #expect(scan.rows == 600)
        #expect(scan.fields_found >= 600)

        let streamLength = workload.events.filter { $0.stream == workload.replayStream }.count
        var stream = slb_scan_result()
        #expect(slb_read_stream(db, workload.replayStream, Int64(streamLength / 2), &stream) == 0)
        #expect(stream.rows == Int64(streamLength / 2))

        var bytes: Int64 = 0
        #expect(slb_size_on_disk(db, path, &bytes) == 0)
        #expect(bytes > 600 * 100)
    }

    @Test("the audit SELECT returns exactly the discarded dismissals of the route on the day")
    func auditQuery() throws {
        let workload = try Workload.generate(events: 20_000, seed: 5)
        var db: OpaquePointer?
        #expect(slb_open(":memory:", SLB_SYNC_NORMAL, &db) == 0)
        defer { slb_close(db) }
        #expect(slb_audit_create(db) == 0)
        #expect(slb_audit_begin(db) == 0)
        for d in workload.dismissals {
            #expect(slb_audit_insert(db, d.position, d.session, d.presentation, d.route, d.source, d.outcome,
                                     d.resolution, d.discardedFields, d.occurredAt) == 0)
        }
        #expect(slb_audit_commit(db) == 0)
        let query = workload.auditQuery
        let expected = workload.dismissals.filter {
            $0.route == query.route && $0.resolution == query.resolution && $0.occurredAt >= query.from
                && $0.occurredAt < query.to
        }.count
        var elapsed: Int64 = 0
        var count: Int64 = -1
        #expect(slb_audit_query(db, query.route, query.resolution, query.from, query.to, &elapsed, &count) == 0)
        #expect(count == Int64(expected))
        #expect(expected > 0)
    }
}
