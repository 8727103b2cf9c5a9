import BenchmarkHarness
import CSQLiteBaseline
import Foundation
import SheetLog

/// The command-line figures' SheetLog sides, each the release `sheetlog` binary run as a person or
/// a script runs it, and the `sqlite3` shell side of the file figure:
///
/// - `sheetlog ingest of a file`: `sheetlog --db COPY ingest LINES` of 50,000 workload lines, against
///   `sqlite3 COPY < SCRIPT` inserting the same events in one transaction (WAL, synchronous=FULL).
/// - `sheetlog ingest --each`: `sheetlog --db COPY ingest --each -` answering 1,500 lines, each
///   written only after the previous answer was read (``LineByLineChild``); its baseline is the C
///   library's one committed INSERT per event at synchronous=FULL (``BaselineSide/appendEach(count:)``).
///
/// Every run starts from a copy of a database that already has its schema (a template made
/// outside the timing), so the figures are the per-line path, not the creation of a file.
struct CommandLineSides {
    /// Lines of the file figure (fewer when the workload is smaller).
    static let fileLines = 50_000
    /// Lines answered one at a time and timed in the `--each` figure, after one untimed first line.
    static let eachLines = 1_500

    private let sheetlog: URL
    private let shell: URL
    private let directory: WorkDirectory
    private let eachInput: [[UInt8]]
    private let linesFile: String
    /// The lines the file figure ingests.
    let fileLineCount: Int
    private let scriptFile: String
    private let sheetLogTemplate: String
    private let shellTemplate: String

    /// Finds both programs and writes the inputs and templates; throws when a program is missing.
    init(ingest: IngestLines, events: [WorkloadEvent], directory: WorkDirectory) throws {
        sheetlog = try Self.program("sheetlog", near: URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                                    hint: "build it with `swift build --package-path Benchmarks -c release --product sheetlog` (Scripts/bench.sh does)")
        shell = try Self.program("sqlite3", near: nil, hint: "install it (`apt-get install sqlite3`)")
        self.directory = directory
        eachInput = Array(ingest.lines.prefix(Self.eachLines + 1))
        fileLineCount = min(Self.fileLines, ingest.count, events.count)
        linesFile = directory.url.appendingPathComponent("ingest-lines.jsonl").path
        var text = Data()
        for line in ingest.lines.prefix(fileLineCount) { text.append(contentsOf: line + [0x0A]) }
        try text.write(to: URL(fileURLWithPath: linesFile))
        scriptFile = directory.url.appendingPathComponent("ingest-inserts.sql").path
        try Data(Self.transactionScript(Array(events.prefix(fileLineCount))).utf8).write(to: URL(fileURLWithPath: scriptFile))
        sheetLogTemplate = directory.newDatabasePath("cli-sheetlog-template")
        try SheetLogDatabase.open(path: sheetLogTemplate).close()
        shellTemplate = directory.newDatabasePath("cli-shell-template")
        _ = try BaselineDatabase(path: shellTemplate, synchronous: SLB_SYNC_FULL)
    }

    /// `sheetlog --db COPY ingest LINES`, from start to exit; value: ms.
    func ingestFileRun() throws -> BenchmarkHarness.Measurement {
        try timed(template: sheetLogTemplate, purpose: "cli-sheetlog") { path in
            (sheetlog, ["--db", path, "ingest", linesFile], nil)
        }
    }

    /// `sqlite3 COPY < SCRIPT`: BEGIN, one INSERT per event, COMMIT; value: ms.
    func shellRun() throws -> BenchmarkHarness.Measurement {
        try timed(template: shellTemplate, purpose: "cli-shell") { path in
            (shell, ["-bail", path], scriptFile)
        }
    }

    /// `sheetlog --db COPY ingest --each -`, driven one line at a time: the first line answered
    /// (the process started and the file opened), then each further line timed from its write to
    /// its answer; value: p50 µs per line (the samples keep every line).
    func eachRun() throws -> BenchmarkHarness.Measurement {
        let path = directory.newDatabasePath("cli-each")
        defer { directory.removeDatabase(at: path) }
        try FileManager.default.copyItem(atPath: sheetLogTemplate, toPath: path)
        let child = try LineByLineChild(sheetlog, ["--db", path, "ingest", "--each", "-"])
        try Self.requireStored(try child.exchange(eachInput[0]), line: 1)
        let clock = ContinuousClock()
        var latencies: [Int64] = []
        latencies.reserveCapacity(eachInput.count - 1)
        for (index, line) in eachInput.enumerated().dropFirst() {
            let start = clock.now
            let answer = try child.exchange(line)
            let elapsed = start.duration(to: clock.now)
            latencies.append(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
            try Self.requireStored(answer, line: index + 1)
        }
        try child.finish()
        return try BenchmarkHarness.Measurement.latencies(nanoseconds: latencies)
    }

    /// Throws unless `answer` stored its line or found nothing to store (a refusal carries `error`).
    private static func requireStored(_ answer: [UInt8], line: Int) throws {
        let text = String(decoding: answer, as: UTF8.self)
        guard text.hasPrefix("{"), text.contains("\"line\":\(line),"), !text.contains("\"error\"") else {
            throw failure("sheetlog ingest --each answered line \(line) with \(text)")
        }
    }

    private func timed(
        template: String, purpose: String, command: (String) -> (URL, [String], String?)
    ) throws -> BenchmarkHarness.Measurement {
        let path = directory.newDatabasePath(purpose)
        defer { directory.removeDatabase(at: path) }
        try FileManager.default.copyItem(atPath: template, toPath: path)
        let (program, arguments, input) = command(path)
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        if let input { process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input)) }
        let (status, seconds) = try Stopwatch.seconds {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        guard status == 0 else { throw Self.failure("\(program.lastPathComponent) exited \(status)") }
        return BenchmarkHarness.Measurement(value: seconds * 1_000)
    }

    private static func program(_ name: String, near directory: URL?, hint: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = (directory.map { [$0] } ?? []) + path.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        for candidate in candidates.map({ $0.appendingPathComponent(name) })
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw failure("the command-line figures need `\(name)`: \(hint)")
    }

    private static func failure(_ message: String) -> SheetLogError {
        SheetLogError(.storage, message, context: SheetLogError.Context(operation: "command-line figure"))
    }
}
