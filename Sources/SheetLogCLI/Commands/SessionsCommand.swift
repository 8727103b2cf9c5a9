import ArgumentParser
import SheetLog
import SheetLogReports

/// `sheetlog sessions [filters] [--json | --csv]`
struct SessionsCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List sessions: first and last event, events, routes, open drafts, blocked and discarding dismissals.")
    static let databaseAction = "read"

    @OptionGroup var global: GlobalOptions
    @Option(name: .customLong("active-at"), help: ArgumentHelp(
        "Only sessions active at this time: first event at or before it, last at or after it. 2026-01-01T09:30:00.000Z (ISO-8601) or 2026-01-01 (a date, UTC: active that day).",
        valueName: "time")) var activeAt: String?
    @Option(help: ArgumentHelp("Only sessions whose last event is at or after this time, in the same forms.", valueName: "time")) var since: String?
    @Option(help: ArgumentHelp("Only sessions whose first event is before this time; a date includes that whole day (UTC).", valueName: "time"))
    var until: String?
    @Option(help: "Only sessions that presented a sheet of this route name.") var route: String?
    @Option(help: "Only sessions sealed under this subject (sealed logs).") var subject: String?
    @Flag(name: .customLong("has-draft"), help: "Only sessions with an open draft.") var hasDraft = false
    @Flag(help: "Print a JSON array.") var json = false
    @Flag(help: "Print CSV with a header row.") var csv = false

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv cannot be used together") }
        if let problem = SessionsArguments.problem(activeAt: activeAt, since: since, until: until) { throw ValidationError(problem) }
    }

    func run() async throws {
        let query = SessionsArguments.query(activeAt: activeAt, since: since, until: until, route: route, subject: subject, hasDraft: hasDraft)
        let sessions = try await global.openForReading().sessionActivity(matching: query)
        if json {
            Terminal.writeLine(try SessionsReport.json(sessions))
        } else if csv {
            Terminal.write(SessionsReport.csv(sessions))
        } else {
            Terminal.write(SessionsReport.human(sessions))
        }
    }
}
