import ArgumentParser
import SheetLog
import SheetLogReports

/// `sheetlog state SESSION [--at VERSION|TIME] [--json]`
struct StateCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Show one moment of a session: the event at a version (or time) and the sheet stack and form values after it.")
    static let databaseAction = "read"

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The session.")
    var session: String

    @OptionGroup var at: ReplayPointOption

    @Flag(help: "Print one JSON object {position, version, type, at, event, state}: the element `replay --json` has for that version.")
    var json = false

    func run() async throws {
        let moment = try await global.openForReading().replayMoment(session, at: at.point, label: "--at", operation: "state")
        Terminal.write(json ? try ReplayReport.json(step: moment.step) + "\n" : ReplayText.human([moment.step]))
    }
}
