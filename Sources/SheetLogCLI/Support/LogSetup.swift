import Logging
import SheetLogCore

/// Routes swift-log to this run's stderr (``Terminal``): warnings and errors only, or from info up with
/// `--verbose`.
///
/// A handler of its own for each logger, in place of `LoggingSystem.bootstrap`, which may run once per
/// process: a test process runs many commands, each with its own stderr and `--verbose`.
enum LogSetup {
    static func logger(verbose: Bool) -> Logger {
        let io = Terminal.io
        return Logger(label: "sheetlog") { label in
            var handler = StreamLogHandler(label: label, stream: ErrorStream(io: io))
            handler.logLevel = verbose ? .info : .warning
            return handler
        }
    }

    /// The run's stderr as swift-log's stream.
    private struct ErrorStream: TextOutputStream, Sendable {
        let io: CommandIO
        mutating func write(_ string: String) { io.write(.error, string) }
    }
}
