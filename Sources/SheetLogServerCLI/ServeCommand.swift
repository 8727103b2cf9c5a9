import ArgumentParser
import Foundation
import Hummingbird
import Logging
import SheetLog
import SheetLogCollector
import SheetLogPostgres
import SheetLogPush
import SheetLogServer
import SheetLogCore

/// `sheetlog-server serve --db FILE | --postgres URL [--host 127.0.0.1] [--port 8080]`
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve one SheetLog file, or every device of a fleet store, as the replay viewer (pages and JSON API).",
        discussion: """
            The file is opened for reading only and stays byte for byte as it was. With --postgres, the \
            viewer lists every device of the fleet store and reads each one's log. The server listens on \
            loopback unless --host says otherwise, prints its URL once it listens, and stops cleanly on \
            SIGINT (Ctrl-C) or SIGTERM.

            With --postgres it is also the fleet's collector: devices push their logs to \
            POST /v1/devices/{device}/events with their device tokens (sheetlog-server device add ID), \
            reading takes a reader token (sheetlog-server token add --read NAME) as Authorization: Bearer \
            or through /login, and GET /health answers a proxy. Put a TLS proxy in front before \
            listening beyond loopback. Form values are masked in the viewer; a reader token made with \
            --reveal reveals one session at a time, each reveal recorded on /access-log. With \
            --collector-key, devices may share their subjects' keys (push --share-keys), so that a \
            reveal shows a sealed device's values too.
            """)

    @Option(name: .customLong("db"), help: ArgumentHelp("The database file (default $SHEETLOG_DB, else ./sheetlog.sqlite).", valueName: "path"))
    var database: String?

    @Option(help: ArgumentHelp(
        "The fleet store's PostgreSQL URL; without --db, $SHEETLOG_POSTGRES when $SHEETLOG_DB is not set.", valueName: "url"))
    var postgres: String?

    @Option(name: .customLong("key-file"), help: ArgumentHelp(
        "With --db: the master key file of a sealed database (default $SHEETLOG_KEY_FILE), to show its values.", valueName: "path"))
    var keyFile: String?

    @Option(help: "The address to listen on; 127.0.0.1 (loopback) unless you mean to share the viewer.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 takes any free port (the printed URL says which).")
    var port = 8080

    @Option(help: ArgumentHelp("With --postgres: the events a pushed batch may hold.", valueName: "n"))
    var maxBatchEvents = PushLimits.default.maxEvents

    @Option(help: ArgumentHelp("With --postgres: the bytes a pushed batch's body may hold.", valueName: "bytes"))
    var maxBatchBytes = PushLimits.default.maxBytes

    @Option(help: ArgumentHelp("With --postgres: the batches a second each device may push, after a burst of twice as many.", valueName: "n"))
    var pushRate = CollectorOptions().perSecond

    @Option(help: ArgumentHelp(
        "With --postgres: the collector's key file (sheetlog-server collector-key FILE): devices share their subjects' keys for it (push --share-keys), and a reveal in the viewer opens sealed values with them.",
        valueName: "path"))
    var collectorKey: String?

    @Flag(help: "Log informational messages (requests, start and stop) to stderr.")
    var verbose = false

    func validate() throws {
        if !(0...65_535).contains(port) { throw ValidationError("--port must be a port number from 0 to 65535") }
        if host.isEmpty { throw ValidationError("--host must not be empty") }
        if database != nil, postgres != nil { throw ValidationError("--db and --postgres cannot be used together") }
        if !(1...100_000).contains(maxBatchEvents) { throw ValidationError("--max-batch-events must be from 1 to 100000") }
        if !(1_024...(256 << 20)).contains(maxBatchBytes) { throw ValidationError("--max-batch-bytes must be from 1024 to 268435456") }
        if !(pushRate > 0 && pushRate <= 100_000) { throw ValidationError("--push-rate must be above 0 and at most 100000") }
        if collectorKey != nil, database != nil { throw ValidationError("--collector-key is the fleet collector's: use it with --postgres") }
        if keyFile != nil, postgres != nil { throw ValidationError("--key-file opens a sealed file: use it with --db (the fleet holds no master key)") }
    }

    /// What to serve: `--db`, `--postgres`, then `$SHEETLOG_DB`, `$SHEETLOG_POSTGRES`, else ./sheetlog.sqlite.
    enum Source {
        case file(String)
        case fleet(String)
    }

    var source: Source {
        if let database { return .file(database) }
        if let postgres { return .fleet(postgres) }
        if let path = CommandIO.current.setting("SHEETLOG_DB") { return .file(path) }
        if let url = CommandIO.current.setting("SHEETLOG_POSTGRES") { return .fleet(url) }
        return .file("./sheetlog.sqlite")
    }

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = verbose ? .info : .warning
            return handler
        }
        let logger = Logger(label: "sheetlog-server")
        switch source {
        case .file(let path):
            var options = SheetLogDatabase.Options(logger: logger)
            options.keys = KeyFile.path(given: keyFile, environment: CommandIO.current.environment).map { KeyFile(path: $0) }
            let reader = try SQLiteFileReader.open(path: path, options: options)
            try await serve(reader, access: .open, shown: "\(path) (read-only)", logger: logger)
            try reader.database.close()
        case .fleet(let url):
            // The key file first: a wrong path is one line before anything connects.
            let key = try collectorKey.map { path throws(SheetLogError) in try CollectorKey(contentsOfFile: path) }
            // Connects and migrates once: an unreachable server or a refused login is one line here.
            let fleet = try await PostgresFleetReader.open(url: url)
            let databases = FleetDatabases(fleet: fleet)
            let collector = FleetCollector(fleet: fleet, collectorKey: key)
            let reader = DeadlineReader(
                FleetReader(
                    devices: { try await databases.devices() }, open: { try await databases.database(of: $0) },
                    subjectKey: { try await collector.subjectKey(device: $0, subject: $1) }),
                limit: .seconds(30))
            let options = CollectorOptions(
                limits: PushLimits(maxEvents: maxBatchEvents, maxBytes: maxBatchBytes), perSecond: pushRate, burst: max(1, Int(pushRate * 2)))
            try await serve(reader, access: .fleet(collector, options), shown: "the fleet store \(fleet.location)", logger: logger)
            fleet.close()
        }
        CommandIO.output("sheetlog-server: stopped\n")
    }

    private func serve(_ reader: some SheetLogReader, access: ViewerAccess, shown: String, logger: Logger) async throws {
        let host = self.host
        let app = ViewerServer.application(reader: reader, access: access, host: host, port: port, logger: logger) { boundPort in
            let shownHost = host.contains(":") ? "[\(host)]" : host
            CommandIO.output("sheetlog-server: serving \(shown) at http://\(shownHost):\(boundPort)/\n")
        }
        try await app.runService()
    }
}
