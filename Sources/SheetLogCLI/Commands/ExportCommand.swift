import ArgumentParser
import SheetLog
import SheetLogReports

/// `sheetlog export [--session S [--self-contained]] [--redact]`: JSON Lines in the ingest format, with ids and times.
struct ExportCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the recorded commands and erasures as ingest lines, so that `sheetlog export | sheetlog --db copy.sqlite ingest -` copies the log.")
    static let databaseAction = "read"

    @OptionGroup var global: GlobalOptions
    @Option(help: "Only the commands that touched this session.") var session: String?
    @Flag(help: "With --session: also the commands a new database needs to replay it (the sessions its restored drafts came from, up to each restore).")
    var selfContained = false
    @Flag(help: "Replace every value by a placeholder of its kind that keeps equal values of a field equal, and every subject by subject-N.")
    var redact = false

    func validate() throws {
        if selfContained && session == nil { throw ValidationError("--self-contained needs --session: a whole log is self-contained already") }
    }

    func run() async throws {
        let database = try global.openForReading()
        if let session { _ = try await database.requireSession(session, operation: "export") }
        let entries = try await database.exportLog(session: session, options: ExportOptions(selfContained: selfContained, redact: redact))
        var output = ""
        for entry in entries {
            output += try ExportReport.line(entry) + "\n"
            if output.utf8.count > 1 << 16 {
                Terminal.write(output)
                output = ""
            }
        }
        Terminal.write(output)
    }
}
