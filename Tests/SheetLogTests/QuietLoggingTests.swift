import Logging
import SheetLogCore
import SheetLog
import SheetLogSQLite
import Testing

/// A library writes nothing to an app's console unless the app hands it a logger: opening a
/// database (and applying its migrations) with the default options logs nowhere.
@Suite("Quiet logging by default")
struct QuietLoggingTests {
    @Test("the facade's and the store's default loggers discard everything")
    func defaultsAreQuiet() {
        #expect(SheetLogDatabase.Options().logger.handler is SwiftLogNoOpLogHandler)
        #expect(SQLiteEventStore.Configuration().logger.handler is SwiftLogNoOpLogHandler)
    }

    @Test("a logger the app passes receives the migrations of a first open")
    func appLoggerReceivesMigrations() throws {
        let recorder = RecordingLogHandler.Records()
        let logger = Logger(label: "app") { _ in RecordingLogHandler(records: recorder) }
        _ = try SheetLogDatabase.inMemory(options: .init(logger: logger))
        #expect(recorder.messages.contains("applied schema migration"))
    }
}

/// Keeps every message logged to it, for the test above.
struct RecordingLogHandler: LogHandler {
    final class Records: Sendable {
        private let stored = LockedBox<[String]>([])
        var messages: [String] { stored.withLock { $0 } }
        func append(_ message: String) { stored.withLock { $0.append(message) } }
    }

    let records: Records
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) { records.append(event.message.description) }
}
