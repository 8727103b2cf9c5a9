import Logging

/// Routes swift-log to stderr: warnings and errors only, or from info up with `--verbose`.
enum LogSetup {
    static func bootstrap(verbose: Bool) {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = verbose ? .info : .warning
            return handler
        }
    }
}
