import Foundation

/// What one run of a command line (`sheetlog`, `sheetlog-server`) reads and writes: the descriptor
/// `sheetlog ingest -` reads, the environment the defaults come from (`$SHEETLOG_DB`,
/// `$SHEETLOG_KEY_FILE`, `$SHEETLOG_POSTGRES`), and where stdout and stderr go.
///
/// The binaries run with ``process``; a test runs a command inside its own process with buffers of
/// its own, and tests running at the same time never share one: ``current`` is a task-local.
package struct CommandIO: Sendable {
    /// This run's: the process's own unless the caller runs the command with its own.
    @TaskLocal package static var current = CommandIO.process

    /// Which of the two output streams a write goes to.
    package enum Stream: Sendable {
        case output
        case error
    }

    /// The descriptor `sheetlog ingest -` reads; a run does not close it.
    package var standardInput: Int32
    /// The environment the command reads its defaults from.
    package var environment: [String: String]
    /// The width help and usage text wrap at; nil for the terminal's (or `$COLUMNS`, else 80).
    package var helpColumns: Int?
    /// Writes `text` as it is, at once (an ack must reach a reading process before the next line is read).
    package var write: @Sendable (Stream, String) -> Void

    /// A run inside another process (a test's): help wraps as in a binary whose stdout is a pipe, at
    /// `$COLUMNS` columns, else 80.
    package init(standardInput: Int32, environment: [String: String], write: @escaping @Sendable (_ toStandardError: Bool, _ text: String) -> Void) {
        self.init(standardInput: standardInput, environment: environment, helpColumns: environment["COLUMNS"].flatMap { Int($0) } ?? 80) {
            write($0 == .error, $1)
        }
    }

    private init(standardInput: Int32, environment: [String: String], helpColumns: Int?, write: @escaping @Sendable (Stream, String) -> Void) {
        self.standardInput = standardInput
        self.environment = environment
        self.helpColumns = helpColumns
        self.write = write
    }

    /// This process's own stdin, stdout, stderr and environment: the binaries'.
    package static let process = CommandIO(
        standardInput: STDIN_FILENO, environment: ProcessInfo.processInfo.environment, helpColumns: nil
    ) { stream, text in
        switch stream {
        case .output: FileHandle.standardOutput.write(Data(text.utf8))
        case .error: FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// The value of `name` in the environment when it is set and not empty.
    package func setting(_ name: String) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }
}

extension CommandIO {
    /// Writes `text` to this run's stdout.
    package static func output(_ text: String) { current.write(.output, text) }
    /// Writes `text` to this run's stderr.
    package static func error(_ text: String) { current.write(.error, text) }
}
