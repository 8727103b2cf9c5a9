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

    @OptionGroup var at: ReplayPointOption

    @Flag(help: "Print a JSON array of {position, version, type, at, event, state}.")
    var json = false

    func run() async throws {
        let steps = try await global.openForReading().replaySteps(session, at: at.point, operation: "replay")
        Terminal.write(json ? try ReplayView.json(steps) + "\n" : ReplayView.human(steps))
    }
}
