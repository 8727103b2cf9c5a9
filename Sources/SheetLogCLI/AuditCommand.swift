import ArgumentParser
import SheetLog
import SheetLogIngest

/// `sheetlog audit [filters] [--json | --csv]`
struct AuditCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "List dismissal attempts: who tried to leave which sheet, how, and what happened to the draft.")
    static let databaseAction = "read"

    @OptionGroup var global: GlobalOptions

    @Option(help: "Only this session.") var session: String?
    @Option(help: "Only this route name.") var route: String?
    @Option(help: "Only this source: swipe, cancelButton or programmatic.") var source: DismissSource?
    @Option(help: "Only this outcome: dismissed, blocked or forced.") var outcome: DismissOutcome?
    @Option(help: "Only this resolution: discarded, keptEditing, saved or saveFailed.") var resolution: DismissalRecord.Resolution?
    @Option(help: ArgumentHelp("Only dismissals at or after this ISO-8601 time.", valueName: "time")) var since: String?
    @Option(help: ArgumentHelp("Only dismissals before this ISO-8601 time.", valueName: "time")) var until: String?
    @Flag(help: "Print a JSON array.") var json = false
    @Flag(help: "Print CSV with a header row.") var csv = false

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv cannot be used together") }
        for (name, text) in [("--since", since), ("--until", until)] {
            if let text, ISO8601Milliseconds.parse(text) == nil {
                throw ValidationError("\(name) must be an ISO-8601 time such as 2026-01-01T09:30:00.000Z")
            }
        }
    }

    var query: AuditQuery {
        AuditQuery(
            session: session, route: route, source: source, outcome: outcome, resolution: resolution,
            since: since.flatMap(ISO8601Milliseconds.parse), until: until.flatMap(ISO8601Milliseconds.parse))
    }

    func run() async throws {
        let records = try await global.openForReading().audit(query)
        if json {
            Terminal.writeLine(try AuditView.json(records))
        } else if csv {
            Terminal.write(AuditView.csv(records))
        } else {
            Terminal.write(AuditView.human(records))
        }
    }
}

extension DismissSource: ExpressibleByArgument {}
extension DismissOutcome: ExpressibleByArgument {}
extension DismissalRecord.Resolution: ExpressibleByArgument {}
