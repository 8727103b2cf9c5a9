import Foundation
import Synchronization
import SheetLogTestSupport

/// A running `sheetlog-server serve`, started as a user starts it: a real process on a free port
/// (`--port 0`), its URL read from what it prints.
///
/// ```swift
/// let server = try ServerProcess.start(executable: ProductBinary.url("sheetlog-server"), database: path)
/// let (status, body) = try await HTTP.get(server.url.appendingPathComponent("api/devices"))
/// let exit = try server.stop(signal: SIGTERM)
/// ```
public final class ServerProcess: @unchecked Sendable {
    /// How the process ended and what it printed.
    public struct Exit: Sendable {
        public var status: Int32
        public var reason: Process.TerminationReason
        public var stdout: String
        public var stderr: String
    }

    public let process: Process
    /// `http://127.0.0.1:PORT/`, as the server printed it.
    public let url: URL
    private let output: OutputCollector

    private init(process: Process, url: URL, output: OutputCollector) {
        self.process = process
        self.url = url
        self.output = output
    }

    /// Starts `executable serve --db database --port 0 extra…` and waits (up to `timeout` seconds)
    /// for the line with its URL. Throws what it printed when it exits or stays silent instead.
    public static func start(executable: URL, database: String, extra: [String] = [], timeout: TimeInterval = 60) throws -> ServerProcess {
        try start(executable: executable, arguments: ["serve", "--db", database, "--port", "0"] + extra, timeout: timeout)
    }

    /// Starts `executable arguments…` (a `serve` on `--port 0`) as ``start(executable:database:extra:timeout:)`` does.
    public static func start(executable: URL, arguments: [String], timeout: TimeInterval = 60) throws -> ServerProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SHEETLOG_DB")
        environment.removeValue(forKey: "SHEETLOG_POSTGRES")
        process.environment = environment
        let output = OutputCollector()
        process.standardOutput = output.stdout
        process.standardError = output.stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let url = Self.url(in: output.stdoutText) {
                return ServerProcess(process: process, url: url, output: output)
            }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        if process.isRunning { process.terminate() }
        if !process.waitForExit(timeout: .seconds(10)) { kill(process.processIdentifier, SIGKILL) }
        _ = process.waitForExit(timeout: .seconds(10))
        throw ServerFailure(message: "sheetlog-server printed no URL (exit \(process.terminationStatus)): \(output.stdoutText) \(output.stderrText)")
    }

    /// Sends `signal` and waits (up to `timeout` seconds) for the process to end.
    public func stop(signal: Int32 = SIGTERM, timeout: TimeInterval = 30) throws -> Exit {
        let pid = process.processIdentifier
        kill(pid, signal)
        let deadline = Date().addingTimeInterval(timeout)
        var ended: (status: Int32, signalled: Bool)?
        while process.isRunning && Date() < deadline {
            // Ended but not reaped by Foundation yet: the kernel's word is enough.
            if let zombie = zombieExit(of: pid) { ended = zombie; break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        if let ended, process.isRunning {
            // Foundation may take long to reap it (see zombieExit): give it a moment, not a wait.
            _ = process.waitForExit(timeout: .seconds(2))
            output.finish()
            if process.isRunning {
                return Exit(status: ended.status, reason: ended.signalled ? .uncaughtSignal : .exit,
                            stdout: output.stdoutText, stderr: output.stderrText)
            }
            return Exit(status: process.terminationStatus, reason: process.terminationReason, stdout: output.stdoutText, stderr: output.stderrText)
        }
        if process.isRunning {
            let stacks = Self.stacks(of: process.processIdentifier)
            kill(process.processIdentifier, SIGKILL)
            _ = process.waitForExit(timeout: .seconds(10))
            output.finish()
            throw ServerFailure(message: """
                sheetlog-server did not stop within \(timeout) s of signal \(signal); \
                stdout: \(output.stdoutText) stderr: \(Self.unusualLines(of: output.stderrText)) stacks: \(stacks)
                """)
        }
        _ = process.waitForExit(timeout: .seconds(10))
        output.finish()
        return Exit(status: process.terminationStatus, reason: process.terminationReason, stdout: output.stdoutText, stderr: output.stderrText)
    }

    /// Stops the process if a test left it running.
    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            _ = process.waitForExit(timeout: .seconds(10))
        }
    }

    /// The last lines of `log` that are not a request answered with a 2xx status: what a hang follows.
    private static func unusualLines(of log: String) -> String {
        log.split(separator: "\n").filter { !$0.contains(#/ 2\d\d \d+ ms$/#) }.suffix(80).joined(separator: "\n")
    }

    /// Every thread's stack of a hung process, when gdb is installed: what a stop that never ends waits on.
    private static func stacks(of pid: Int32) -> String {
        let gdb = URL(fileURLWithPath: "/usr/bin/gdb")
        guard FileManager.default.isExecutableFile(atPath: gdb.path) else { return "(no gdb)" }
        let run = try? ProductBinary.run(gdb, ["-p", "\(pid)", "-batch", "-ex", "thread apply all bt 30"], timeout: .seconds(60))
        return run?.stdout ?? "(gdb did not start or did not end)"
    }

    private static func url(in text: String) -> URL? {
        guard let start = text.range(of: "http://") else { return nil }
        let rest = text[start.lowerBound...]
        guard let end = rest.firstIndex(where: { $0 == "\n" || $0 == " " }) else { return nil }
        return URL(string: String(rest[..<end]))
    }
}

public struct ServerFailure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Collects a child's stdout and stderr while it runs, so that a full pipe never blocks it.
final class OutputCollector: @unchecked Sendable {
    let stdout = Pipe()
    let stderr = Pipe()
    private let collected = Mutex<(out: Data, err: Data)>((Data(), Data()))

    init() {
        stdout.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.append(handle.availableData, toStdout: true) }
        stderr.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.append(handle.availableData, toStdout: false) }
    }

    private func append(_ data: Data, toStdout: Bool) {
        collected.withLock { if toStdout { $0.out.append(data) } else { $0.err.append(data) } }
    }

    /// Takes what is left once the process has ended: waits (bounded) until no more output arrives.
    ///
    /// Not a read to the end of the pipes: a process started later by the same test (chromedriver,
    /// Chromium) may have inherited their write ends and keep them open long after this one ended.
    func finish() {
        var last = -1
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline {
            let count = byteCount
            if count == last { break }
            last = count
            Thread.sleep(forTimeInterval: 0.05)
        }
        stdout.fileHandleForReading.readabilityHandler = nil
        stderr.fileHandleForReading.readabilityHandler = nil
    }

    private var byteCount: Int {
        collected.withLock { $0.out.count + $0.err.count }
    }

    var stdoutText: String {
        collected.withLock { String(decoding: $0.out, as: UTF8.self) }
    }

    var stderrText: String {
        collected.withLock { String(decoding: $0.err, as: UTF8.self) }
    }
}
