import BenchmarkHarness
import struct Foundation.Date
import GRDB
import Logging
import SheetLog
import SheetLogSQLite

/// SheetLog's side of every figure, through the package facade (``SheetLogDatabase``): each
/// method is one run, returning its ``Measurement``.
///
/// The workload is recorded as real domain commands (``WorkloadCommands``) decided by the
/// ``SheetDecider``. Databases written by a run are fresh and deleted afterwards; the logs only
/// read (the full log, the small log of the scaling figures) are built once through the ingest
/// path, outside any timing.
final class SheetLogSide {
    let workload: Workload
    let settings: BenchSettings
    let commands: [CommandEnvelope]
    let ingest: IngestLines
    let directory: WorkDirectory
    private let log: (String) -> Void
    private var logs: [Int: String] = [:]
    private var openLogs: [Int: SheetLogDatabase] = [:]
    private var draftCounts: [Int: Int] = [:]

    /// Every event carries the first session's metadata, so that the metadata column is the baseline's size.
    private let metadata: [String: String]
    /// The master key of every database this side opens; nil for plain databases.
    let masterKey: MasterKey?

    init(workload: Workload, settings: BenchSettings, directory: WorkDirectory, log: @escaping (String) -> Void) throws {
        self.workload = workload
        self.settings = settings
        self.directory = directory
        self.log = log
        commands = try WorkloadCommands.make(workload.events)
        ingest = try IngestLines(commands)
        metadata = ["appVersion": "2.0.0", "device": "iPad14,1", "user": "user-1"]
        masterKey = nil
    }

    private init(plain: SheetLogSide, masterKey: MasterKey) {
        workload = plain.workload
        settings = plain.settings
        directory = plain.directory
        log = plain.log
        commands = plain.commands
        ingest = plain.ingest
        metadata = plain.metadata
        self.masterKey = masterKey
    }

    /// The same side on sealed databases (one master key, every session of the default subject),
    /// sharing the commands and ingest lines: the sealed figures set it beside the plain one.
    func sealed() -> SheetLogSide {
        SheetLogSide(plain: self, masterKey: .generate())
    }

    /// Records the workload's first commands one call each into a fresh file; value: p50 latency in µs.
    func append(durability: SQLiteEventStore.Durability) throws -> Measurement {
        let path = directory.newDatabasePath("sheetlog-append")
        defer { directory.removeDatabase(at: path) }
        let database = try SheetLogDatabase.open(path: path, options: options(durability))
        let commands = Array(commands.prefix(settings.appendsPerRun))
        let latencies = try AsyncBridge.run {
            let clock = ContinuousClock()
            var latencies: [Int64] = []
            latencies.reserveCapacity(commands.count)
            for envelope in commands {
                let start = clock.now
                try await database.record(envelope.command, in: envelope.session, occurredAt: envelope.occurredAt)
                latencies.append(Self.nanoseconds(start.duration(to: clock.now)))
            }
            return latencies
        }
        return try Measurement.latencies(nanoseconds: latencies)
    }

    /// 100 edits of one presented sheet recorded at once, one task each, then awaited: what a
    /// `SheetCoordinator` does with one task per keystroke. Through the public `record` (the
    /// coordinator's ordered `submit` is package API of the root package, out of this package's
    /// reach), so the edits are decided in the order their tasks reach the queue; each changes the
    /// field to a new value, so every order appends the same 100 events, committed in groups.
    /// Value: ms from the first call until every edit is committed, at synchronous=FULL.
    func burst() throws -> Measurement {
        let path = directory.newDatabasePath("sheetlog-burst")
        defer { directory.removeDatabase(at: path) }
        let database = try SheetLogDatabase.open(path: path, options: options(.full))
        let nanoseconds = try AsyncBridge.run {
            try await database.record(.present(presentation: "note", route: Route(name: "note")), in: "burst")
            let clock = ContinuousClock()
            let start = clock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 1...Self.burstEdits {
                    group.addTask { try await database.record(.edit(field: "text", value: .number(Double(index))), in: "burst") }
                }
                try await group.waitForAll()
            }
            return Self.nanoseconds(start.duration(to: clock.now))
        }
        return Measurement(value: Double(nanoseconds) / 1_000_000)
    }

    static let burstEdits = 100

    /// Every command as JSON Lines through the ingest path into a fresh file; value: events/s.
    func ingestAll() throws -> Measurement {
        let path = directory.newDatabasePath("sheetlog-ingest")
        defer { directory.removeDatabase(at: path) }
        let database = try SheetLogDatabase.open(path: path, options: options(.normal))
        let (events, seconds) = try Stopwatch.seconds { try ingest.record(count: ingest.count, into: database) }
        return Measurement(value: Double(events) / seconds)
    }

    /// Drops and rebuilds every projection of the full log; value: seconds.
    func rebuild() throws -> Measurement {
        let database = try openLog(events: settings.events)
        let (_, seconds) = try Stopwatch.seconds { try AsyncBridge.run { try await database.rebuildProjections() } }
        return Measurement(value: seconds)
    }

    /// The replay session's state at `version`, several times; value: median ms.
    func replay(version: Int) throws -> Measurement {
        let database = try openLog(events: settings.events)
        let session = workload.replayStream
        let reads = settings.readsPerRun
        let samples = try AsyncBridge.run {
            let clock = ContinuousClock()
            var samples: [Double] = []
            for _ in 0..<reads {
                let start = clock.now
                let state = try await database.state(of: session, at: Int64(version))
                samples.append(Double(Self.nanoseconds(start.duration(to: clock.now))) / 1e6)
                guard state.version == Int64(version) else {
                    throw SheetLogError(.integrityViolation, "Replay of session \(session) reached version \(state.version), not \(version).",
                                        context: SheetLogError.Context(stream: session, actualVersion: state.version, operation: "bench replay"))
                }
            }
            return samples
        }
        return Measurement(value: try Statistics.median(of: samples), samples: samples)
    }

    /// Opens the log of `events` events and lists its recoverable drafts, several times; value: median ms.
    func recovery(events: Int) throws -> Measurement {
        let path = try logPath(events: events)
        openLogs[events] = nil  // the run opens the file itself
        let options = options(.full)
        let (samples, drafts) = try AsyncBridge.run {
            let clock = ContinuousClock()
            var samples: [Double] = []
            var drafts = 0
            for _ in 0..<5 {
                let start = clock.now
                let database = try SheetLogDatabase.open(path: path, options: options)
                drafts = try await database.recoverableDrafts().count
                samples.append(Double(Self.nanoseconds(start.duration(to: clock.now))) / 1e6)
            }
            return (samples, drafts)
        }
        if draftCounts[events] == nil {
            draftCounts[events] = drafts
            log("recovery at \(BenchSettings.sizeLabel(events)) events lists \(drafts) recoverable drafts")
        }
        return Measurement(value: try Statistics.median(of: samples), samples: samples)
    }

    /// Discarded dismissals of the audit route over day one in the log of `events` events; value: p50 µs.
    func auditQuery(events: Int) throws -> Measurement {
        let database = try openLog(events: events)
        let question = workload.auditQuery
        let query = AuditQuery(route: question.route, resolution: .discarded, since: Self.date(question.from), until: Self.date(question.to))
        let count = settings.queriesPerRun
        let latencies = try AsyncBridge.run {
            let clock = ContinuousClock()
            var latencies: [Int64] = []
            for _ in 0..<count {
                let start = clock.now
                _ = try await database.audit(query)
                latencies.append(Self.nanoseconds(start.duration(to: clock.now)))
            }
            return latencies
        }
        return try Measurement.latencies(nanoseconds: latencies)
    }

    /// The rows the audit query returns at `events`, printed beside the figure as a check.
    func auditRowCount(events: Int) throws -> Int {
        let database = try openLog(events: events)
        let question = workload.auditQuery
        let query = AuditQuery(route: question.route, resolution: .discarded, since: Self.date(question.from), until: Self.date(question.to))
        return try AsyncBridge.run { try await database.audit(query).count }
    }

    /// Bytes on disk per event of the full log, every table and index, after a truncating checkpoint.
    func size() throws -> Measurement {
        let database = try openLog(events: settings.events)
        // A connection of the benchmark's own checkpoints the file: the facade's connections are
        // package API of the root package. SheetLog's connections are idle here, so TRUNCATE succeeds.
        let checkpointer = try DatabaseQueue(path: try logPath(events: settings.events))
        try checkpointer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        try checkpointer.close()
        let stats = try AsyncBridge.run { try await database.stats() }
        return Measurement(value: Double(stats.fileBytes) / Double(stats.events))
    }

    func options(_ durability: SQLiteEventStore.Durability) -> SheetLogDatabase.Options {
        var logger = Logger(label: "sheetlog-bench")
        logger.logLevel = .warning  // no line per migration of every fresh database
        var options = SheetLogDatabase.Options(durability: durability, logger: logger)
        options.metadata = metadata
        options.keys = masterKey
        return options
    }

    private func openLog(events: Int) throws -> SheetLogDatabase {
        if let open = openLogs[events] { return open }
        let database = try SheetLogDatabase.open(path: try logPath(events: events), options: options(.normal))
        openLogs[events] = database
        return database
    }

    /// The log of the first `events` commands, built once through the ingest path.
    private func logPath(events: Int) throws -> String {
        if let path = logs[events] { return path }
        log("building SheetLog's \(BenchSettings.sizeLabel(events))-command \(masterKey == nil ? "" : "sealed ")log through the ingest path")
        let path = directory.newDatabasePath("sheetlog-log")
        let database = try SheetLogDatabase.open(path: path, options: options(.normal))
        let appended = try ingest.record(count: min(events, ingest.count), into: database)
        if appended != events {
            log("SheetLog's decider appended \(appended) events for \(events) workload events")
        }
        openLogs[events] = database
        logs[events] = path
        return path
    }

    /// The workload's millisecond times as the `Date`s ``AuditQuery`` takes.
    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }
}
