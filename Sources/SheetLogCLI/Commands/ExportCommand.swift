import ArgumentParser
import SheetLog
import SheetLogIngest
import SheetLogReports

/// `sheetlog export [--session S]`: JSON Lines in the ingest format, with ids and times.
struct ExportCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the recorded commands and erasures as ingest lines, so that `sheetlog export | sheetlog --db copy.sqlite ingest -` copies the log.")
    static let databaseAction = "read"

    @OptionGroup var global: GlobalOptions
    @Option(help: "Only the commands that touched this session.") var session: String?

    func run() async throws {
        let database = try global.openForReading()
        if let session { _ = try await database.requireSession(session, operation: "export") }
        let entries = try await database.exportLog(session: session)
        var output = ""
        for entry in entries {
            switch entry {
            case .command(let envelope):
                let line = IngestLine(
                    session: envelope.session, command: envelope.command, id: envelope.id, occurredAt: envelope.occurredAt,
                    subject: envelope.subject)
                output += try IngestEncoder.encode(line) + "\n"
            case .erasure(let erasure):
                // Ingested into a sealed copy, it erases the subject there at the same point.
                output += IngestEncoder.encode(IngestErasure(
                    subject: erasure.subject, requestedBy: erasure.requestedBy, id: erasure.id, occurredAt: erasure.occurredAt)) + "\n"
            }
            if output.utf8.count > 1 << 16 {
                Terminal.write(output)
                output = ""
            }
        }
        Terminal.write(output)
    }
}
