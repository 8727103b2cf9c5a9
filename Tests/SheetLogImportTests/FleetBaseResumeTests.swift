import Foundation
import SheetLog
import SheetLogCore
import SheetLogPostgres
import SheetLogSQLite
import SheetLogTestSupport
import Testing

/// An import of a pruned file that ends between the transaction that starts the device at its base
/// and its first batch (the file unreadable from then on, as when the process dies there) leaves
/// the device at its base alone; a rerun continues from the cut and stores every kept event once.
@Suite struct FleetBaseResumeTests {
    /// The file, whose events no longer read: its length does, so the import starts the device at
    /// its base, then ends at its first read of the kept events, as a process dying there would.
    struct InterruptedSource: EventStore {
        let file: SQLiteEventStore

        func check() throws {
            throw SheetLogError(.storage, "the import's process died here", context: .init(operation: "test"))
        }
        func append(_ events: [EventData], to stream: String, expecting expected: ExpectedVersion) async throws -> AppendResult {
            try await file.append(events, to: stream, expecting: expected)
        }
        func append(_ batches: [StreamBatch]) async throws -> AppendResult { try await file.append(batches) }
        func readStream(_ stream: String, after: Int64, through: Int64?, limit: Int?, descending: Bool) async throws -> [RecordedEvent] {
            try check()
            return try await file.readStream(stream, after: after, through: through, limit: limit, descending: descending)
        }
        func readAll(after: Int64, through: Int64?, limit: Int?, types: Set<String>?) async throws -> [RecordedEvent] {
            try check()
            return try await file.readAll(after: after, through: through, limit: limit, types: types)
        }
        func events(withIDs ids: [String]) async throws -> [RecordedEvent] { try check(); return try await file.events(withIDs: ids) }
        func lastPosition() async throws -> Int64 { try await file.lastPosition() }
        func streamVersion(_ stream: String) async throws -> Int64 { try await file.streamVersion(stream) }
        func subscribe(after position: Int64) -> AsyncThrowingStream<RecordedEvent, any Error> { file.subscribe(after: position) }
        func verifyChain() async throws -> ChainVerification { try await file.verifyChain() }
    }

    @Test(.timeLimit(.minutes(5)))
    func anImportEndedAfterItsBaseIsContinuedByARerun() async throws {
        let (file, _, report) = try await FleetBaseImportTests.prunedFile()
        defer { file.remove() }
        let fleet = try await FleetDatabase.fresh()
        let sqlite = try SQLiteEventStore(readingFileAt: file.path)
        defer { try? sqlite.close() }
        let base = try #require(try await sqlite.baseImage())
        let source = InterruptedSource(file: sqlite)
        let store = try await PostgresEventStore.open(url: fleet.url, device: "phone")
        defer { store.close() }
        await #expect(throws: SheetLogError.self) { _ = try await store.importLog(from: source, base: base) }
        #expect(try await fleet.count("SELECT count(*) FROM device_bases WHERE device = $1", device: "phone") == 1,
                "the control: the device started at its base")
        #expect(try await fleet.count("SELECT count(*) FROM events WHERE device = $1", device: "phone") == 0)

        let rerun = try await FleetBaseImportTests.importFile(file, as: "phone", into: fleet)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(!rerun.stdout.contains("new to the fleet"), "the rerun continues the device, it does not start it: \(rerun.stdout)")
        #expect(try await fleet.rows(device: "phone") == (try file.rows()), "every kept event after the cut \(report.cutPosition), once")
        try await FleetBaseImportTests.expectSameAnswers(file, fleet, device: "phone", ["recover", "--json"])
        try await FleetBaseImportTests.expectVerified(fleet, device: "phone")
    }
}
