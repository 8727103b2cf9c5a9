import BenchmarkHarness
import CSQLiteBaseline
import SheetLogCore

/// The raw-SQLite side of every figure: each method is one run, returning its ``Measurement``.
///
/// Databases written by a run are fresh and deleted afterwards; databases only read (the full log
/// for scans, stream reads and size, the audit tables) are built once, outside any timing.
final class BaselineSide {
    let workload: Workload
    let settings: BenchSettings
    private let rows: BaselineRows
    private let directory: WorkDirectory
    private var fullLog: BaselineDatabase?
    private var auditTables: [Int: BaselineDatabase] = [:]

    init(workload: Workload, settings: BenchSettings, directory: WorkDirectory) throws(SheetLogError) {
        self.workload = workload
        self.settings = settings
        self.directory = directory
        rows = try BaselineRows(workload.events)
    }

    /// Appends the workload's first events one committed transaction each; value: p50 latency in µs.
    func append(synchronous: slb_sync) throws(SheetLogError) -> Measurement {
        try Measurement.latencies(nanoseconds: appendLatencies(synchronous: synchronous, count: settings.appendsPerRun))
    }

    /// The `ingest --each` figure's reference: the workload's first event committed untimed (as the
    /// command line's first line), then the next `count` one committed INSERT each at
    /// synchronous=FULL; value: p50 latency in µs.
    func appendEach(count: Int) throws(SheetLogError) -> Measurement {
        try Measurement.latencies(nanoseconds: Array(appendLatencies(synchronous: SLB_SYNC_FULL, count: count + 1).dropFirst()))
    }

    /// The latency of each of the first `count` events (at most the workload's) committed on its own, in a fresh file.
    private func appendLatencies(synchronous: slb_sync, count: Int) throws(SheetLogError) -> [Int64] {
        let path = directory.newDatabasePath("append")
        defer { directory.removeDatabase(at: path) }
        let database = try BaselineDatabase(path: path, synchronous: synchronous)
        let count = min(count, rows.count)
        var latencies: [Int64] = []
        latencies.reserveCapacity(count)
        for index in 0..<count { latencies.append(try database.appendDurably(rows, index: index)) }
        return latencies
    }

    /// The workload's first 100 events, one committed transaction each at synchronous=FULL; value:
    /// the total in ms (the burst figure's reference).
    func burst() throws(SheetLogError) -> Measurement {
        let path = directory.newDatabasePath("burst")
        defer { directory.removeDatabase(at: path) }
        let database = try BaselineDatabase(path: path, synchronous: SLB_SYNC_FULL)
        var total: Int64 = 0
        for index in 0..<min(100, rows.count) { total += try database.appendDurably(rows, index: index) }
        return Measurement(value: Double(total) / 1_000_000)
    }

    /// Inserts every event into a fresh database in 10k-row transactions; value: events/s.
    func ingest() throws(SheetLogError) -> Measurement {
        let path = directory.newDatabasePath("ingest")
        defer { directory.removeDatabase(at: path) }
        let database = try BaselineDatabase(path: path, synchronous: SLB_SYNC_NORMAL)
        let (_, seconds) = try Stopwatch.seconds { () throws(SheetLogError) in
            try database.bulkInsert(rows, count: rows.count)
        }
        return Measurement(value: Double(rows.count) / seconds)
    }

    /// Reads every event and parses every payload in C; value: seconds.
    func scan() throws(SheetLogError) -> Measurement {
        let database = try full()
        let (result, seconds) = try Stopwatch.seconds { () throws(SheetLogError) in try database.scan() }
        try expectRows(result.rows, Int64(rows.count), operation: "scan")
        return Measurement(value: seconds)
    }

    /// Reads the replay session up to `version` by index, parsing payloads, several times; value: median ms.
    func readStream(upTo version: Int) throws(SheetLogError) -> Measurement {
        let database = try full()
        var samples: [Double] = []
        for _ in 0..<settings.readsPerRun {
            let (result, seconds) = try Stopwatch.seconds { () throws(SheetLogError) in
                try database.readStream(workload.replayStream, upTo: version)
            }
            try expectRows(result.rows, Int64(version), operation: "stream read")
            samples.append(seconds * 1_000)
        }
        return Measurement(value: try Statistics.median(of: samples), samples: samples)
    }

    /// Runs the audit SELECT over the dismissals of the first `events` events; value: p50 µs.
    func auditQuery(events: Int) throws(SheetLogError) -> Measurement {
        let database = try auditTable(events: events)
        let query = workload.auditQuery
        var latencies: [Int64] = []
        for _ in 0..<settings.queriesPerRun {
            latencies.append(try database.auditQuery(route: query.route, resolution: query.resolution,
                                                     from: query.from, to: query.to).ns)
        }
        return try Measurement.latencies(nanoseconds: latencies)
    }

    /// Bytes on disk per event of the full log after a truncating checkpoint.
    func size() throws(SheetLogError) -> Measurement {
        Measurement(value: Double(try full().sizeOnDisk()) / Double(rows.count))
    }

    /// The rows the audit query returns at `events` (printed beside the figure, as a sanity check).
    func auditRowCount(events: Int) throws(SheetLogError) -> Int64 {
        let query = workload.auditQuery
        return try auditTable(events: events).auditQuery(
            route: query.route, resolution: query.resolution, from: query.from, to: query.to).rows
    }

    private func full() throws(SheetLogError) -> BaselineDatabase {
        if let fullLog { return fullLog }
        let database = try BaselineDatabase(path: directory.newDatabasePath("log"), synchronous: SLB_SYNC_NORMAL)
        try database.bulkInsert(rows, count: rows.count)
        fullLog = database
        return database
    }

    private func auditTable(events: Int) throws(SheetLogError) -> BaselineDatabase {
        if let table = auditTables[events] { return table }
        let database = try BaselineDatabase(path: directory.newDatabasePath("audit"), synchronous: SLB_SYNC_NORMAL)
        try database.loadDismissals(workload.dismissals.prefix { $0.position <= Int64(events) })
        auditTables[events] = database
        return database
    }

    private func expectRows(_ actual: Int64, _ expected: Int64, operation: String) throws(SheetLogError) {
        guard actual == expected else {
            throw SheetLogError(.integrityViolation,
                                "The baseline's \(operation) read \(actual) rows where \(expected) were written.",
                                context: SheetLogError.Context(operation: "baseline \(operation)"))
        }
    }
}
