import ArgumentParser
import Foundation
import Hummingbird
import Logging
import SheetLog
import SheetLogServer

/// `sheetlog-server serve --db FILE [--host 127.0.0.1] [--port 8080]`
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve one SheetLog file, read-only, as the replay viewer (pages and JSON API).",
        discussion: """
            The file is opened for reading only and stays byte for byte as it was. The server listens on \
            loopback unless --host says otherwise, prints its URL once it listens, and stops cleanly on \
            SIGINT (Ctrl-C) or SIGTERM.
            """)

    @Option(name: .customLong("db"), help: ArgumentHelp("The database file (default $SHEETLOG_DB, else ./sheetlog.sqlite).", valueName: "path"))
    var database: String?

    @Option(help: "The address to listen on; 127.0.0.1 (loopback) unless you mean to share the viewer.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 takes any free port (the printed URL says which).")
    var port = 8080

    @Flag(help: "Log informational messages (requests, start and stop) to stderr.")
    var verbose = false

    func validate() throws {
        if !(0...65_535).contains(port) { throw ValidationError("--port must be a port number from 0 to 65535") }
        if host.isEmpty { throw ValidationError("--host must not be empty") }
    }

    var databasePath: String {
        if let database { return database }
        if let fromEnvironment = ProcessInfo.processInfo.environment["SHEETLOG_DB"], !fromEnvironment.isEmpty { return fromEnvironment }
        return "./sheetlog.sqlite"
    }

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = verbose ? .info : .warning
            return handler
        }
        let logger = Logger(label: "sheetlog-server")
        let path = databasePath
        let reader = try SQLiteFileReader.open(path: path, options: .init(logger: logger))
        let host = self.host
        let app = ViewerServer.application(reader: reader, host: host, port: port, logger: logger) { boundPort in
            let shownHost = host.contains(":") ? "[\(host)]" : host
            FileHandle.standardOutput.write(Data("sheetlog-server: serving \(path) (read-only) at http://\(shownHost):\(boundPort)/\n".utf8))
        }
        try await app.runService()
        try reader.database.close()
        FileHandle.standardOutput.write(Data("sheetlog-server: stopped\n".utf8))
    }
}
