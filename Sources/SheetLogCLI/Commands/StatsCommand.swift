import ArgumentParser
import SheetLog
import SheetLogReports

/// `sheetlog stats [--json]`
struct StatsCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Show events, sessions, events by type, open drafts, file size and bytes per event.")
    static let databaseAction = "read"

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print the statistics as JSON.") var json = false

    func run() async throws {
        let stats = try await global.openForReading().stats()
        if json {
            Terminal.writeLine(try JSONOutput.pretty(stats))
            return
        }
        Terminal.write(StatisticsText.human(stats))
    }
}
