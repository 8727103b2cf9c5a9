import Foundation
import Testing

/// Runs the built `sheetlog` binary on a temporary database and captures what it prints.
struct CLIHarness {
    /// What one run printed and how it exited.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let directory: URL
    let database: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = directory.appendingPathComponent("test.sqlite").path
    }

    /// The `sheetlog` executable next to the test bundle (the products directory).
    static let executable: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for directory in candidates {
            var url = directory
            for _ in 0..<4 {
                let candidate = url.appendingPathComponent("sheetlog")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                url = url.deletingLastPathComponent()
            }
        }
        return URL(fileURLWithPath: ".build/debug/sheetlog")
    }()

    /// Runs `sheetlog --db <database> arguments…` with `input` on stdin.
    @discardableResult
    func run(_ arguments: [String], input: Data = Data(), database: String? = nil, environment: [String: String] = [:]) throws -> Run {
        try Self.run(["--db", database ?? self.database] + arguments, input: input, environment: environment)
    }

    /// Runs `sheetlog --db <database> arguments…` as a user without privileges, for whom file
    /// permissions hold: the tests run as root, which reads and writes a 0444 file in a 0555 folder.
    func runUnprivileged(_ arguments: [String], database: String? = nil) throws -> Run {
        try Self.run(["--db", database ?? self.database] + arguments, unprivileged: true)
    }

    /// Whether ``runUnprivileged(_:database:)`` can drop root's privileges here (`setpriv`, util-linux).
    static var canRunUnprivileged: Bool {
        getuid() != 0 || FileManager.default.isExecutableFile(atPath: setpriv)
    }

    private static let setpriv = "/usr/bin/setpriv"

    /// Runs `sheetlog arguments…` as given; with `unprivileged`, as user and group `nobody` (65534)
    /// when this process is root.
    static func run(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:], unprivileged: Bool = false) throws -> Run {
        let process = Process()
        if unprivileged && getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: setpriv)
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        var merged = ProcessInfo.processInfo.environment
        merged.removeValue(forKey: "SHEETLOG_DB")
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read both pipes while the process runs, so that a full pipe never blocks it.
        let group = DispatchGroup()
        nonisolated(unsafe) var out = Data(), err = Data()
        DispatchQueue.global().async(group: group) { out = stdout.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { err = stderr.fileHandleForReading.readDataToEndOfFile() }
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs `sheetlog ingest -` (with `extra` arguments) on these lines.
    @discardableResult
    func ingest(_ lines: [String], _ extra: [String] = [], database: String? = nil) throws -> Run {
        try run(["ingest", "-"] + extra, input: Data((lines.joined(separator: "\n") + "\n").utf8), database: database)
    }

    /// Parses a `--json` output.
    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
