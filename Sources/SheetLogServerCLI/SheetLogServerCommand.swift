import ArgumentParser
import Foundation
import SheetLog
import SheetLogCore

/// `sheetlog-server`: serves SheetLog logs over HTTP (`serve`, the replay viewer of one file or of the
/// fleet store), loads device files into the fleet store (`import`) and reads it as `sheetlog` reads a
/// file (`audit`, `replay`, `recover`, `verify`, `stats`, `rebuild`).
///
/// ```sh
/// swift run sheetlog demo && swift run sheetlog-server serve --db sheetlog.sqlite
/// ```
@main
struct SheetLogServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheetlog-server",
        abstract: "Serve SheetLog logs over HTTP (the replay viewer and its JSON API); load device files into the fleet store and read it as sheetlog reads a file.",
        discussion: """
            Exit codes: 0 done (serve: stopped cleanly on SIGINT or SIGTERM), 1 the file, the address or the \
            fleet database could not be used or refused the input, 2 usage error.
            """,
        subcommands: [
            ServeCommand.self, ImportCommand.self, FleetSessionsCommand.self, FleetAuditCommand.self, FleetReplayCommand.self, FleetRecoverCommand.self,
            FleetVerifyCommand.self, FleetStatsCommand.self, FleetRebuildCommand.self, DeviceCommand.self, EnrolmentCommand.self, TokenCommand.self,
            CollectorKeyCommand.self, FleetEraseCommand.self,
        ])

    /// Parses and runs; a usage error exits 2, a failure 1 with one sentence on stderr (as `sheetlog`).
    nonisolated static func main() async {
        Foundation.exit(await run(arguments: Array(CommandLine.arguments.dropFirst()), io: .process))
    }

    /// Parses `arguments` and runs the command with `io` as its streams and environment, and returns
    /// its exit code: the binary's `main` and the tests that run a command in their own process.
    /// Never exits the process. (`serve` sets up the process's logging once: it runs as a binary.)
    nonisolated static func run(arguments: [String], io: CommandIO) async -> Int32 {
        await CommandIO.$current.withValue(io) {
            let command: any ParsableCommand
            do {
                command = try parseAsRoot(arguments)
            } catch {
                if exitCode(for: error) == .success { return cleanExit(error, io) }
                CommandIO.error(fullMessage(for: error, columns: io.helpColumns) + "\n")
                return 2
            }
            do {
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    var syncCommand = command
                    try syncCommand.run()
                }
            } catch let error as ExitCode {
                // A failed check (verify) said why on stderr already.
                return error.rawValue
            } catch let error as SheetLogError {
                // One line, whatever a driver's text holds.
                let line = error.description.split(whereSeparator: \.isNewline).joined(separator: " ")
                CommandIO.error("sheetlog-server: \(line)\n")
                return 1
            } catch {
                // A command with subcommands asks for help by throwing.
                if exitCode(for: error) == .success { return cleanExit(error, io) }
                // A bind failure says what failed.
                let serve = command as? ServeCommand
                CommandIO.error("sheetlog-server: \(ServeFailure.describe(error, host: serve?.host, port: serve?.port))\n")
                return exitCode(for: error) == .validationFailure ? 2 : 1
            }
            return 0
        }
    }

    /// What ArgumentParser's `exit(withError:)` prints for a clean exit (help): the text and a line
    /// break on stdout, nothing for an empty text; and its code.
    private nonisolated static func cleanExit(_ error: any Error, _ io: CommandIO) -> Int32 {
        let text = fullMessage(for: error, columns: io.helpColumns)
        if !text.isEmpty { CommandIO.output(text + "\n") }
        return exitCode(for: error).rawValue
    }
}
