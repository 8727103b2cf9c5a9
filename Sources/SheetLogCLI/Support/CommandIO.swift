import Foundation
import SheetLog

/// What one run of `sheetlog` reads and writes: the descriptor `ingest -` reads, the environment it
/// takes `$SHEETLOG_DB` and `$SHEETLOG_KEY_FILE` from, and where stdout and stderr go.
///
/// The binary runs with ``process``; a test runs the command inside its own process with buffers of
/// its own (``SheetLogCommand/run(arguments:io:)``), and tests running at the same time never share one.
struct CommandIO: Sendable {
    /// Which of the two output streams a write goes to.
    enum Stream: Sendable {
        case output
        case error
    }

    /// The descriptor `ingest -` reads; this run does not close it.
    var standardInput: Int32
    /// The environment the command reads its defaults from.
    var environment: [String: String]
    /// The width help and usage text wrap at; nil for the terminal's (or `$COLUMNS`, else 80).
    var helpColumns: Int?
    /// Writes `text` as it is, at once (an ack must reach a reading process before the next line is read).
    var write: @Sendable (Stream, String) -> Void

    /// A run inside another process (a test's): help wraps as in a binary whose stdout is a pipe, at
    /// `$COLUMNS` columns, else 80.
    init(standardInput: Int32, environment: [String: String], write: @escaping @Sendable (_ toStandardError: Bool, _ text: String) -> Void) {
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

    /// This process's own stdin, stdout, stderr and environment: the `sheetlog` binary.
    static let process = CommandIO(
        standardInput: STDIN_FILENO, environment: ProcessInfo.processInfo.environment, helpColumns: nil
    ) { stream, text in
        switch stream {
        case .output: FileHandle.standardOutput.write(Data(text.utf8))
        case .error: FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// The value of `name` in the environment when it is set and not empty.
    func setting(_ name: String) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }
}
