import Foundation
import SheetLogCore

/// Runs a command line's entry function inside the test process and captures what it printed and
/// the exit code it returned, with the same ``ProductBinary/Run`` a child process gives: the way
/// swift-argument-parser's own tests run commands, without starting a process per run.
///
/// The command runs on a thread of its own that is also its task executor, so that the calling
/// thread (often one of the cooperative pool's two) can block on it the way it blocks on a child:
/// nothing the command awaits needs the pool. Its stdin is a file holding `input`; its environment is
/// the one a child would see (``ProductBinary/environment(_:)``).
///
/// A test target that may import the executable's module names its entry function once:
///
/// ```swift
/// extension InProcessCommand.Entry {
///     static let sheetlog = Self { await SheetLogCommand.run(arguments: $0, io: CommandIO(standardInput: $1, environment: $2, write: $3)) }
/// }
/// let run = try InProcessCommand.run(.sheetlog, ["--db", path, "ingest", "-"], input: Data(lines.utf8))
/// ```
package enum InProcessCommand {
    /// Writes to the run's stdout, or its stderr when `toStandardError`.
    package typealias Write = @Sendable (_ toStandardError: Bool, _ text: String) -> Void
    /// A command line's entry function: parses and runs the arguments with the given stdin, environment
    /// and output, and returns the exit code, never exiting the process.
    package struct Entry: Sendable {
        package typealias Function = @Sendable (
            _ arguments: [String], _ standardInput: Int32, _ environment: [String: String], _ write: @escaping Write
        ) async -> Int32
        let function: Function
        package init(_ function: @escaping Function) { self.function = function }
    }

    /// Runs `entry` with `arguments`, `input` on stdin and the environment plus `environment`; waits
    /// for it at most `timeout`, then fails with what it printed so far.
    ///
    /// It blocks the calling thread: from async code, await the variant below instead. Two blocked
    /// cooperative threads (two on two cores) starve a command that needs them (postgres-nio's
    /// work did, and the suite hung).
    package static func run(
        _ entry: Entry, _ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
        timeout: Duration = ProductBinary.timeout
    ) throws -> ProductBinary.Run {
        let environment = ProductBinary.environment(environment)
        let standardInput = try inputDescriptor(input)
        let output = LockedBox(ProductBinary.Run(status: -1, stdout: "", stderr: ""))
        let write: Write = { toStandardError, text in
            output.withLock { run in
                if toStandardError { run.stderr += text } else { run.stdout += text }
            }
        }
        let executor = ThreadExecutor()
        let ended = DispatchSemaphore(value: 0)
        Task(executorPreference: executor) {
            let status = await entry.function(arguments, standardInput, environment, write)
            output.withLock { $0.status = status }
            ended.signal()
        }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        guard ended.wait(timeout: .now() + seconds) == .success else {
            // A thread cannot be stopped: it and the descriptor stay behind, and the test fails.
            let printed = output.withLock { "stdout: \($0.stdout)\nstderr: \($0.stderr)" }
            throw SpawnFailure(message: "\(arguments.joined(separator: " ")) still ran after \(timeout)\n\(printed)")
        }
        executor.stop()
        close(standardInput)
        return output.withLock { $0 }
    }

    /// ``run(_:_:input:environment:timeout:)`` for an async test: the wait is on a thread of its own
    /// (``offThePool(_:)``).
    package static func run(
        _ entry: Entry, _ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
        timeout: Duration = ProductBinary.timeout
    ) async throws -> ProductBinary.Run {
        try await offThePool { try run(entry, arguments, input: input, environment: environment, timeout: timeout) }
    }

    /// A descriptor that reads `input` to its end: an unlinked temporary file, which needs no writer
    /// to run beside the command (a pipe would, and would block on a command that stops reading).
    private static func inputDescriptor(_ input: Data) throws -> Int32 {
        let path = NSTemporaryDirectory() + "sheetlog-stdin-\(UUID().uuidString)"
        try input.write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw SpawnFailure(message: "cannot open the command's input: errno \(errno)") }
        return descriptor
    }
}
