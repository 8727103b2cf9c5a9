import ArgumentParser
import SheetLog
import SheetLogReports

/// `sheetlog erase --subject S --requested-by T`: deletes a subject's key from a sealed database.
struct EraseCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "erase",
        abstract: "Erase a subject of a sealed database: its key is deleted, so its values read as [erased] from now on.",
        discussion: """
            Needs the database's master key (--key-file or $SHEETLOG_KEY_FILE). The subject's key is \
            overwritten in the file and its WAL, and an eraseSubject event (who asked, no values) is \
            appended to the log. Names, outcomes and times stay, so the audit, verify and rebuild are \
            unchanged; the subject's drafts are no longer offered for recovery and its sessions take no \
            more commands. Erasing an erased subject changes nothing. Copies of the file made before \
            (backups, earlier pushes) still hold the key: erase there too.
            """)
    static let databaseAction = "erase a subject of"

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The subject to erase (the person whose data it is).", valueName: "subject")) var subject: String
    @Option(help: ArgumentHelp(
        "Who asked for the erasure (a ticket, an operator); required, for who asked is part of the erasure's record in the log (sheetlog erasures lists it).",
        valueName: "text"))
    var requestedBy: String
    @Flag(help: "Print the result as JSON.") var json = false

    func validate() throws {
        if requestedBy.isEmpty {
            throw ValidationError("--requested-by must not be empty: who asked for the erasure (a ticket, an operator) is part of its record in the log")
        }
    }

    func run() async throws {
        let database = try global.openExisting()
        defer { try? database.close() }
        let text = ErasureText(try await database.erase(subject: subject, requestedBy: requestedBy))
        Terminal.write(json ? try JSONOutput.line(text) + "\n" : text.human)
        if let warning = text.warning(path: global.databasePath) { Terminal.writeError(warning) }
    }
}
