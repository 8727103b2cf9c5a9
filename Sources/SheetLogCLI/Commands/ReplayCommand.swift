import ArgumentParser
import SheetLog
import SheetLogReports

/// `sheetlog replay SESSION [--at VERSION|TIME] [--json]`
struct ReplayCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Show a session's timeline: each event, then the sheet stack and form values after it.")
    static let databaseAction = "read"

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The session to replay.")
    var session: String

    // Unconditional, so that `--at -1` reaches validate() instead of reading as an unknown option.
    @Option(name: .customLong("at"), parsing: .unconditional, help: ArgumentHelp(
        "Stop at this version of the session (1 or more), or at this time (ISO-8601): the last version whose event is at or before it.",
        valueName: "version|time"))
    var at: String?

    @Flag(help: "Print a JSON array of {position, version, type, at, event, state}.")
    var json = false

    func validate() throws {
        if let at, ReplayPoint(at) == nil { throw ValidationError("--at must be \(ReplayPoint.forms)") }
    }

    func run() async throws {
        let steps = try await global.openForReading().replaySteps(session, at: at.flatMap(ReplayPoint.init), operation: "replay")
        Terminal.write(json ? try ReplayView.json(steps) + "\n" : ReplayView.human(steps))
    }
}
