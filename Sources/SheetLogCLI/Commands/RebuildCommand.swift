import ArgumentParser
import SheetLog
import SheetLogReports

/// `sheetlog rebuild`
struct RebuildCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild", abstract: "Re-create every projection (sessions, presentations, dismissals) from the log.")
    static let databaseAction = "rebuild the projections of"

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print the result as JSON.") var json = false

    func run() async throws {
        let database = try global.openExisting()
        try await database.rebuildProjections()
        let events = try await database.lastPosition()
        Terminal.write(json ? try JSONOutput.line(RebuildReport()) + "\n" : RebuildReport.human(lastPosition: events))
    }
}
