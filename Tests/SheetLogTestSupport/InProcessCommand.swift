import Foundation
import SheetLogCore

/// Runs a command line's entry function inside the test process and captures what it printed and
/// the exit code it returned, with the same ``ProductBinary/Run`` a child process gives: the way
/// swift-argument-parser's own tests run commands, without starting a process per run.
///
/// The command runs on a thread of its own that is also its task executor, so that the calling
/// thread (often one of the cooperative pool's two) can block on it the way it blocks on a child:
/// nothing the command awaits needs the pool. Its stdin is a file holding `input`.
///
/// ```swift
/// let run = try InProcessCommand.run(input: Data("…\n".utf8)) { stdin, write in
///     await SheetLogCommand.run(arguments: ["ingest", "-"], io: CommandIO(standardInput: stdin, environment: [:], write: write))
/// }
/// ```
package enum InProcessCommand {
    /// Which stream a write goes to: `true` for stderr.
    package typealias Write = @Sendable (_ toStandardError: Bool, _ text: String) -> Void

    /// Runs `body` with a descriptor reading `input` and a writer into the run's stdout and stderr;
    /// waits for it at most `timeout`, then fails with what it printed so far.
    package static func run(
        input: Data = Data(), timeout: Duration = ProductBinary.timeout,
        _ body: @escaping @Sendable (_ standardInput: Int32, _ write: @escaping Write) async -> Int32
    ) throws -> ProductBinary.Run {
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
            let status = await body(standardInput, write)
            output.withLock { $0.status = status }
            ended.signal()
        }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        guard ended.wait(timeout: .now() + seconds) == .success else {
            // The thread cannot be stopped; it and the descriptor stay behind, the test fails.
            let printed = output.withLock { "stdout: \($0.stdout)\nstderr: \($0.stderr)" }
            throw SpawnFailure(message: "the command still ran after \(timeout)\n\(printed)")
        }
        executor.stop()
        close(standardInput)
        return output.withLock { $0 }
    }

    /// ``run(input:timeout:_:)`` for an async test: the wait is on a thread of its own (``offThePool(_:)``).
    package static func run(
        input: Data = Data(), timeout: Duration = ProductBinary.timeout,
        _ body: @escaping @Sendable (_ standardInput: Int32, _ write: @escaping Write) async -> Int32
    ) async throws -> ProductBinary.Run {
        try await offThePool { try run(input: input, timeout: timeout, body) }
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
