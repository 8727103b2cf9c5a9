import ArgumentParser
import Foundation
import Logging
import SheetLog

/// The options every command takes: which database, and how much to log.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp("The database file (default $SHEETLOG_DB, else ./sheetlog.sqlite).", valueName: "path"))
    var database: String?

    @Flag(help: "Log informational messages (such as applied schema migrations) to stderr.")
    var verbose = false

    /// The path the options and the environment choose.
    var databasePath: String {
        if let database { return database }
        if let fromEnvironment = ProcessInfo.processInfo.environment["SHEETLOG_DB"], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return "./sheetlog.sqlite"
    }

    /// Opens the database; a file written by a newer SheetLog is refused with the store's message.
    func open(clock: (any SheetLogClock)? = nil) throws -> SheetLogDatabase {
        var options = SheetLogDatabase.Options(logger: Logger(label: "sheetlog"))
        if let clock { options.clock = clock }
        return try SheetLogDatabase.open(path: databasePath, options: options)
    }
}

/// A command that takes the global options (every command of `sheetlog`).
protocol GlobalOptionsCommand {
    var global: GlobalOptions { get }
}
