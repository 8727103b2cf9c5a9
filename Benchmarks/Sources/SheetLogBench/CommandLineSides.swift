import BenchmarkHarness
import CSQLiteBaseline
import Foundation
import SheetLog
import SheetLogCore

/// The `ingest --each` figure's two sides, each a real process as a person runs it: the release
/// `sheetlog` binary answering 1,500 workload lines one JSON answer each, and the `sqlite3` shell
/// running 1,500 autocommit INSERTs of the same events into a plain table (WAL, synchronous=FULL).
///
/// Both start from a database that already has its schema (a copy of a template made outside the
/// timing), so the figure is the per-line path: process start, opening, and 1,500 durable lines.
struct CommandLineSides {
    static let lines = 1_500

    private let sheetlog: URL
    private let shell: URL
    private let directory: WorkDirectory
    private let linesFile: String
    private let scriptFile: String
    private let sheetLogTemplate: String
    private let shellTemplate: String

    /// Finds both programs and writes the inputs and templates; throws when a program is missing.
    init(ingest: IngestLines, events: [WorkloadEvent], directory: WorkDirectory) throws {
        sheetlog = try Self.program("sheetlog", near: URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                                    hint: "build it with `swift build -c release --product sheetlog` (Scripts/bench.sh does)")
        shell = try Self.program("sqlite3", near: nil, hint: "install it (`apt-get install sqlite3`)")
        self.directory = directory
        let count = min(Self.lines, ingest.count, events.count)
        linesFile = directory.url.appendingPathComponent("each-lines.jsonl").path
        var text = Data()
        for line in ingest.lines.prefix(count) { text.append(contentsOf: line + [0x0A]) }
        try text.write(to: URL(fileURLWithPath: linesFile))
        scriptFile = directory.url.appendingPathComponent("each-inserts.sql").path
        try Data(Self.script(Array(events.prefix(count))).utf8).write(to: URL(fileURLWithPath: scriptFile))
        sheetLogTemplate = directory.newDatabasePath("each-sheetlog-template")
        _ = try SheetLogDatabase.open(path: sheetLogTemplate)
        shellTemplate = directory.newDatabasePath("each-shell-template")
        _ = try BaselineDatabase(path: shellTemplate, synchronous: SLB_SYNC_FULL)
    }

    /// `sheetlog --db COPY ingest --each LINES`, until it exited and every answer was read; value: ms.
    func sheetLogRun() throws -> BenchmarkHarness.Measurement {
        try timed(template: sheetLogTemplate, purpose: "each-sheetlog") { path in
            (sheetlog, ["--db", path, "ingest", "--each", linesFile], nil)
        } check: { output in
            let acks = output.split(separator: 0x0A).count
            guard acks == Self.lines else { throw Self.failure("sheetlog answered \(acks) of \(Self.lines) lines") }
        }
    }

    /// `sqlite3 COPY < INSERTS`, one autocommit INSERT per event; value: ms.
    func shellRun() throws -> BenchmarkHarness.Measurement {
        try timed(template: shellTemplate, purpose: "each-shell") { path in
            (shell, ["-bail", path], scriptFile)
        } check: { _ in }
    }

    private func timed(
        template: String, purpose: String, command: (String) -> (URL, [String], String?), check: (Data) throws -> Void
    ) throws -> BenchmarkHarness.Measurement {
        let path = directory.newDatabasePath(purpose)
        defer { directory.removeDatabase(at: path) }
        try FileManager.default.copyItem(atPath: template, toPath: path)
        let (program, arguments, input) = command(path)
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        if let input { process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input)) }
        let ((answers, status), seconds) = try Stopwatch.seconds {
            try process.run()
            let answers = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (answers, process.terminationStatus)
        }
        guard status == 0 else { throw Self.failure("\(program.lastPathComponent) exited \(status)") }
        try check(answers)
        return BenchmarkHarness.Measurement(value: seconds * 1_000)
    }

    /// The INSERT script: one statement per event, each its own (autocommit) transaction.
    private static func script(_ events: [WorkloadEvent]) -> String {
        var chain = IntegrityChain.genesis
        var script = "PRAGMA journal_mode = WAL;\nPRAGMA synchronous = FULL;\n"
        for (index, event) in events.enumerated() {
            let recordedAt = event.occurredAt + 3
            chain = IntegrityChain.linkV2(
                previous: chain, position: Int64(index + 1), eventID: event.eventID, stream: event.stream,
                version: event.version, type: event.type, schemaVersion: 1, payload: event.payload,
                metadata: event.metadata, occurredAt: event.occurredAt, recordedAt: recordedAt)
            let hex = chain.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
            script += "INSERT INTO events (event_id, stream, version, type, schema_version, payload, metadata, "
                + "occurred_at, recorded_at, chain, chain_version) VALUES (\(quoted(event.eventID)), "
                + "\(quoted(event.stream)), \(event.version), \(quoted(event.type)), 1, \(quoted(event.payload)), "
                + "\(quoted(event.metadata)), \(event.occurredAt), \(recordedAt), X'\(hex)', 2);\n"
        }
        return script
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    private static func program(_ name: String, near directory: URL?, hint: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = (directory.map { [$0] } ?? []) + path.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        for candidate in candidates.map({ $0.appendingPathComponent(name) })
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw failure("the ingest --each figure needs `\(name)`: \(hint)")
    }

    private static func failure(_ message: String) -> SheetLogError {
        SheetLogError(.storage, message, context: SheetLogError.Context(operation: "ingest --each figure"))
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
