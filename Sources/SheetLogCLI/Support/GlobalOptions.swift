import ArgumentParser
import Foundation
import Logging
import SheetLog
import SheetLogCore

/// The options every command takes: which database, and how much to log.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp("The database file (default $SHEETLOG_DB, else ./sheetlog.sqlite).", valueName: "path"))
    var database: String?

    @Option(name: .customLong("key-file"), help: ArgumentHelp(
        "The master key file of a sealed database (default $SHEETLOG_KEY_FILE; make one with sheetlog keygen). Given, a new database is created sealed.",
        valueName: "path"))
    var keyFile: String?

    @Flag(help: "Log informational messages (such as applied schema migrations) to stderr.")
    var verbose = false

    @Option(name: .customLong("busy-timeout"), help: ArgumentHelp(
        "How long to wait for another process that holds the database's lock (default 5).", valueName: "seconds"))
    var busyTimeout: Double?

    func validate() throws {
        if database?.isEmpty == true { throw ValidationError("--db must not be empty: give the database's path") }
        if keyFile?.isEmpty == true { throw ValidationError("--key-file must not be empty: give the key file's path") }
        if let busyTimeout, !(busyTimeout >= 0 && busyTimeout <= 86_400) {
            throw ValidationError("--busy-timeout must be a number of seconds from 0 to 86400")
        }
    }

    /// The path the options and the environment choose.
    var databasePath: String {
        if let database { return database }
        return Terminal.io.setting("SHEETLOG_DB") ?? "./sheetlog.sqlite"
    }

    /// Opens the database, creating it when missing (for `demo` and `ingest`); a file written by a
    /// newer SheetLog is refused with the store's message.
    func open(clock: (any SheetLogClock)? = nil) throws -> SheetLogDatabase {
        var options = self.options
        if let clock { options.clock = clock }
        return try SheetLogDatabase.open(path: databasePath, options: options)
    }

    /// Opens an existing database for a command that needs a log to work on; a missing one is refused
    /// ("no SheetLog database at PATH") and nothing is created.
    func openExisting() throws -> SheetLogDatabase {
        try SheetLogDatabase.openExisting(path: databasePath, options: options)
    }

    /// Opens an existing database for a command that only reads (`verify` too): the file is left byte
    /// for byte as it was.
    func openForReading() throws -> SheetLogDatabase {
        try SheetLogDatabase.openForReading(path: databasePath, options: options)
    }

    /// The key file the options and the environment choose; nil for a plain database.
    var keyFilePath: String? { KeyFile.path(given: keyFile, environment: Terminal.io.environment) }

    /// The facade's options these command-line options ask for.
    var options: SheetLogDatabase.Options {
        var options = SheetLogDatabase.Options(logger: LogSetup.logger(verbose: verbose))
        if let busyTimeout { options.busyTimeout = .milliseconds(Int64((busyTimeout * 1_000).rounded())) }
        options.keys = keyFilePath.map { KeyFile(path: $0) }
        return options
    }
}

/// A command that takes the global options (every command of `sheetlog`).
protocol GlobalOptionsCommand {
    var global: GlobalOptions { get }
    /// What the command does to the database, as in "could not check PATH" when another process
    /// holds it locked: `read`, `write to`, `check` …
    static var databaseAction: String { get }
}
