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
        var table = TextTable(["STATISTIC", "VALUE"])
        table.append(["events", String(stats.events)])
        table.append(["sessions", String(stats.sessions)])
        for type in stats.eventsByType.keys.sorted() { table.append(["events of type \(type)", String(stats.eventsByType[type]!)]) }
        table.append(["open drafts", String(stats.openDrafts)])
        table.append(["recoverable drafts", String(stats.recoverableDrafts)])
        table.append(["file size (bytes)", String(stats.fileBytes)])
        table.append(["bytes per event", String(Int(stats.bytesPerEvent.rounded()))])
        Terminal.write(table.render())
    }
}
