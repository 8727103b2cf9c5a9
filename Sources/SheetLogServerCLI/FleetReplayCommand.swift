import ArgumentParser
import Foundation
import SheetLog
import SheetLogReports
import SheetLogCore

/// `sheetlog-server replay SESSION --postgres URL --device ID [--at VERSION|TIME] [--json]`: `sheetlog replay`
/// of one device's session in the fleet store.
struct FleetReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Show a device's session as `sheetlog replay` shows a file's: each event, then the sheet stack and form values after it.",
        discussion: "--device is required here: a session id is unique on one device only. Exit codes as `sheetlog replay`'s.")

    @OptionGroup var fleetOptions: FleetOptions

    @Argument(help: "The session to replay.")
    var session: String

    // Unconditional, as `sheetlog replay --at`, so that `--at -1` reaches validate() instead of reading as an unknown option.
    @Option(name: .customLong("at"), parsing: .unconditional, help: ArgumentHelp(
        "Stop at this version of the session (1 or more), or at this time (ISO-8601), as `sheetlog replay --at`.", valueName: "version|time"))
    var at: String?

    @Flag(help: "Print a JSON array of {position, version, type, at, event, state}, each with its \"device\".")
    var json = false

    func validate() throws {
        // A session id is the app's, unique on one device only: the same id may be on many.
        if fleetOptions.device == nil { throw ValidationError("--device is required: replay reads one device's session") }
        if let at, ReplayPoint(at) == nil { throw ValidationError("--at must be \(ReplayPoint.forms)") }
    }

    func run() async throws {
        let (fleet, databases) = try await fleetOptions.databases(operation: "replay")
        defer { fleet.close() }
        let (device, database) = databases[0]
        let steps = try await database.replaySteps(session, at: at.flatMap(ReplayPoint.init), operation: "replay")
        let output = json ? try ReplayReport.json(steps, device: device) + "\n" : "device \(device)\n" + ReplayText.human(steps)
        CommandIO.output(output)
    }
}
