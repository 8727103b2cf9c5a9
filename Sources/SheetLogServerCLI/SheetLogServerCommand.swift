import ArgumentParser
import Foundation
import SheetLog

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
            ServeCommand.self, ImportCommand.self, FleetAuditCommand.self, FleetReplayCommand.self, FleetRecoverCommand.self,
            FleetVerifyCommand.self, FleetStatsCommand.self, FleetRebuildCommand.self, DeviceCommand.self, EnrolmentCommand.self, TokenCommand.self,
            CollectorKeyCommand.self, FleetEraseCommand.self,
        ])

    /// Parses and runs; a usage error exits 2, a failure 1 with one sentence on stderr (as `sheetlog`).
    nonisolated static func main() async {
        let command: any ParsableCommand
        do {
            command = try parseAsRoot(Array(CommandLine.arguments.dropFirst()))
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
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
            Foundation.exit(error.rawValue)
        } catch let error as SheetLogError {
            // One line, whatever a driver's text holds.
            let line = error.description.split(whereSeparator: \.isNewline).joined(separator: " ")
            FileHandle.standardError.write(Data("sheetlog-server: \(line)\n".utf8))
            Foundation.exit(1)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            // A command with subcommands asks for help by throwing; a bind failure says what failed.
            FileHandle.standardError.write(Data("sheetlog-server: \(ServeFailure.describe(error, host: (command as? ServeCommand)?.host, port: (command as? ServeCommand)?.port))\n".utf8))
            Foundation.exit(exitCode(for: error) == .validationFailure ? 2 : 1)
        }
        Foundation.exit(0)
    }
}
