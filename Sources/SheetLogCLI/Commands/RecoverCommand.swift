import ArgumentParser
import SheetLog

/// `sheetlog recover [--json]`, `sheetlog recover restore …`, `sheetlog recover decline …`
struct RecoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recover",
        abstract: "List, restore or decline recoverable drafts: dirty forms that were neither saved nor discarded.",
        subcommands: [ListDraftsCommand.self, RestoreDraftCommand.self, DeclineDraftCommand.self],
        // The listing is the default, so that `recover --json` lists and `recover restore --json` acks.
        defaultSubcommand: ListDraftsCommand.self)
}

/// `sheetlog recover [list] [--json]`
struct ListDraftsCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List recoverable drafts (the default).",
        discussion: "A draft is open when it was still on screen when the log stopped, abandoned when it left the screen dirty.")
    static let databaseAction = "read"

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print a JSON array.")
    var json = false

    func run() async throws {
        let drafts = try await global.openForReading().recoverableDrafts()
        Terminal.write(json ? try RecoverView.json(drafts) + "\n" : RecoverView.human(drafts))
    }
}

/// `sheetlog recover restore SESSION PRESENTATION --into NEW_SESSION`
struct RestoreDraftCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Restore a draft, with every field as it was, as a sheet in another session.")
    static let databaseAction = "write to"

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The draft's session.") var session: String
    @Argument(help: "The draft's presentation.") var presentation: String
    @Option(name: .customLong("into"), help: ArgumentHelp("The session to restore it into.", valueName: "session")) var newSession: String
    @Option(name: .customLong("as"), help: ArgumentHelp("The new presentation id (the draft's own by default).", valueName: "presentation"))
    var newPresentation: String?
    @Flag(help: "Print the recorded events as JSON acks.") var json = false

    func run() async throws {
        let result = try await global.openExisting().restoreDraft(
            DraftReference(session: session, presentation: presentation), into: newSession, as: newPresentation)
        try RecordedEventsView.print(result, json: json, summary: "restored \(session)/\(presentation) into session \(newSession) as \(newPresentation ?? presentation)")
    }
}

/// `sheetlog recover decline SESSION PRESENTATION`
struct DeclineDraftCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "decline", abstract: "Decline a draft: it is no longer offered for recovery.")
    static let databaseAction = "write to"

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The draft's session.") var session: String
    @Argument(help: "The draft's presentation.") var presentation: String
    @Flag(help: "Print the recorded events as JSON acks.") var json = false

    func run() async throws {
        let result = try await global.openExisting().declineDraft(DraftReference(session: session, presentation: presentation))
        try RecordedEventsView.print(result, json: json, summary: "declined \(session)/\(presentation)")
    }
}
