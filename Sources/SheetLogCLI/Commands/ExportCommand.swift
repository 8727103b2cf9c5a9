import ArgumentParser
import SheetLog
import SheetLogIngest
import SheetLogReports

/// `sheetlog export [--session S]`: JSON Lines in the ingest format, with ids and times.
struct ExportCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the recorded commands as ingest lines, so that `sheetlog export | sheetlog --db copy.sqlite ingest -` copies the log.")
    static let databaseAction = "read"

    @OptionGroup var global: GlobalOptions
    @Option(help: "Only the commands that touched this session.") var session: String?

    func run() async throws {
        let database = try global.openForReading()
        if let session { _ = try await database.requireSession(session, operation: "export") }
        let envelopes = try await database.exportCommands(session: session)
        var output = ""
        for envelope in envelopes {
            let line = IngestLine(
                session: envelope.session, command: envelope.command, id: envelope.id, occurredAt: envelope.occurredAt,
                subject: envelope.subject)
            output += try IngestEncoder.encode(line) + "\n"
            if output.utf8.count > 1 << 16 {
                Terminal.write(output)
                output = ""
            }
        }
        Terminal.write(output)
    }
}
