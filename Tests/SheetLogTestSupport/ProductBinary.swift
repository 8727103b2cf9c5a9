import Foundation

/// Runs a child process to its end from the tests — this package's built executables (`sheetlog`,
/// `sheetlog-bench`) the way a user runs them, and the tools a test needs (`sqlite3`, `gdb`, a shell
/// in a mount namespace): a real process, its output read while it runs, its wait bounded. It is
/// started by ``SpawnedProcess`` (inheriting nothing but its pipes, which no other child inherits).
///
/// Most tests run `sheetlog` in process instead (``InProcessCommand``); a child whose point is to be
/// killed, signalled or talked to through a pipe while it runs is started by its test's own helper,
/// and a server whose descendants outlive it by ``SpawnedProcess``.
///
/// ```swift
/// let run = try ProductBinary.run(ProductBinary.url("sheetlog"), ["--db", path, "verify"])
/// #expect(run.status == 0)
/// ```
public enum ProductBinary {
    /// What one run printed and how it exited (`status` -1 when a signal ended it).
    public struct Run: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The executable `name` in the products directory beside the test bundle.
    public static func url(_ name: String) -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for directory in candidates {
            var url = directory
            for _ in 0..<4 {
                let candidate = url.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                url = url.deletingLastPathComponent()
            }
        }
        return URL(fileURLWithPath: ".build/debug/\(name)")
    }

    /// ``run(_:_:input:environment:)`` on a thread of its own: an async test that waits for a long
    /// process must not hold one of the cooperative pool's threads (two on two cores), or every other
    /// test waits behind it — time limits ran out in the whole suite that way.
    public static func runOffThePool(
        _ executable: URL, _ arguments: [String], input: Data? = nil, environment: [String: String] = [:]
    ) async throws -> Run {
        try await offThePool { try run(executable, arguments, input: input, environment: environment) }
    }

    /// How long a run may take before it is killed and its test fails: far above any command's work
    /// in these tests (the slowest ingests take seconds), so that only a hung run reaches it.
    public static let timeout: Duration = .seconds(600)

    /// The environment a run sees: this process's less `SHEETLOG_DB` (a developer's own must not
    /// choose the tests' database), plus `extra`.
    public static func environment(_ extra: [String: String]) -> [String: String] {
        var merged = ProcessInfo.processInfo.environment
        merged.removeValue(forKey: "SHEETLOG_DB")
        merged.merge(extra) { _, given in given }
        return merged
    }

    /// Runs `executable arguments…` with `input` on stdin (none when nil) and the environment less
    /// `SHEETLOG_DB` plus `environment`, and waits for it, at most `timeout`.
    public static func run(
        _ executable: URL, _ arguments: [String], input: Data? = nil, environment: [String: String] = [:], timeout: Duration = timeout
    ) throws -> Run {
        let stdin = try input.map { _ in try ClosedOnExecPipe() }, stdout = try ClosedOnExecPipe(), stderr = try ClosedOnExecPipe()
        let child = try SpawnedProcess(
            [executable.path] + arguments, environment: Self.environment(environment),
            standardInput: stdin?.reading.fileDescriptor, standardOutput: stdout.writing.fileDescriptor,
            standardError: stderr.writing.fileDescriptor
        )
        // The child holds its own copies now: the reads below end when it (and whatever it started
        // with them) closes them.
        try stdin?.reading.close()
        try stdout.writing.close()
        try stderr.writing.close()
        // Read both pipes while the process runs, so that a full pipe never blocks it: on threads of
        // their own, for GCD's global queue may be busy with other tests' blocking work (under load a
        // read queued there started after the 30 s below).
        let group = DispatchGroup()
        nonisolated(unsafe) var out = Data(), err = Data()
        group.enter()
        group.enter()
        Thread.detachNewThread { out = stdout.reading.readDataToEndOfFile(); group.leave() }
        Thread.detachNewThread { err = stderr.reading.readDataToEndOfFile(); group.leave() }
        if let input, let stdin {
            // A child that ends without reading all of it must not kill the tests with SIGPIPE.
            try? stdin.writing.write(contentsOf: input)
            try stdin.writing.close()
        }
        // Bounded, so that a child that never ends fails its test, with what it printed, instead of
        // stalling the suite.
        guard let status = child.wait(timeout: timeout) else {
            child.stop(grace: .seconds(1))
            let printed = group.wait(timeout: .now() + 10) == .success
                ? "stdout: \(String(decoding: out, as: UTF8.self))\nstderr: \(String(decoding: err, as: UTF8.self))"
                : "(its output is still held open by a descendant)"
            throw SpawnFailure(message: "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) still ran after \(timeout); killed\n\(printed)")
        }
        guard group.wait(timeout: .now() + 30) == .success else {
            throw SpawnFailure(message: "\(executable.lastPathComponent) ended but its output did not (a descendant keeps it open)")
        }
        return Run(status: status, stdout: String(decoding: out, as: UTF8.self),
                   stderr: String(decoding: err, as: UTF8.self))
    }
}
