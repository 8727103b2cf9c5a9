import ArgumentParser
import Foundation
import SheetLog
import SheetLogCore
import SheetLogReports

/// `sheetlog-server sessions --postgres URL [--device ID] [filters] [--json | --csv]`: `sheetlog sessions`
/// over the fleet store, each row with its device.
struct FleetSessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List the sessions of every device of a fleet store (or of one), as `sheetlog sessions` does.")

    @OptionGroup var fleetOptions: FleetOptions
    @Option(name: .customLong("active-at"), help: ArgumentHelp("Only sessions active at this time, as `sheetlog sessions --active-at`.", valueName: "time"))
    var activeAt: String?
    @Option(help: ArgumentHelp("Only sessions whose last event is at or after this time.", valueName: "time")) var since: String?
    @Option(help: ArgumentHelp("Only sessions whose first event is before this time; a date includes that whole day (UTC).", valueName: "time"))
    var until: String?
    @Option(help: "Only sessions that presented a sheet of this route name.") var route: String?
    @Option(help: "Only sessions sealed under this subject.") var subject: String?
    @Flag(name: .customLong("has-draft"), help: "Only sessions with an open draft.") var hasDraft = false
    @Flag(help: "Print a JSON array; each object has a \"device\" key.") var json = false
    @Flag(help: "Print CSV with a header row; the first column is the device.") var csv = false

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv cannot be used together") }
        if let problem = SessionsArguments.problem(activeAt: activeAt, since: since, until: until) { throw ValidationError(problem) }
    }

    func run() async throws {
        let query = SessionsArguments.query(activeAt: activeAt, since: since, until: until, route: route, subject: subject, hasDraft: hasDraft)
        let (fleet, databases) = try await fleetOptions.databases(operation: "sessions")
        defer { fleet.close() }
        // The query of the fleet viewer's search too: one rule for which sessions a fleet lists.
        let rows = try await DeviceSessionActivity.matching(query, in: databases)
        let sessions = rows.map(\.activity)
        let devices = rows.map(\.device)
        let output: String
        if json {
            output = try SessionsReport.json(sessions, devices: devices) + "\n"
        } else if csv {
            output = SessionsReport.csv(sessions, devices: devices)
        } else {
            output = SessionsReport.human(sessions, devices: devices)
        }
        CommandIO.output(output)
    }
}
