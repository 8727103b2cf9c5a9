import ArgumentParser
import SheetLog
import SheetLogReports

/// `sheetlog erasures [--json | --csv]`: who erased whose data, when, and what it removed.
struct ErasuresCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "erasures",
        abstract: "List the erasures of subjects: whose data, who asked, when, and what was removed.",
        discussion: """
            Reads the log's eraseSubject events (stream $erasures) in log order: the subject, who asked, the \
            erasure's own time, how many of its sessions read as [erased], the open sessions it closed, and \
            whether its key is gone. Opens the file read-only and writes nothing; needs no master key, for \
            an erasure holds no values (a key given is checked).
            """)
    static let databaseAction = "read"

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print a JSON array.") var json = false
    @Flag(help: "Print CSV with a header row.") var csv = false

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv cannot be used together") }
    }

    func run() async throws {
        let database = try global.openForReading()
        defer { try? database.close() }
        let records = try await database.erasures()
        if json {
            Terminal.writeLine(try ErasuresReport.json(records))
        } else if csv {
            Terminal.write(ErasuresReport.csv(records))
        } else {
            Terminal.write(ErasuresReport.human(records, source: global.databasePath))
        }
    }
}
