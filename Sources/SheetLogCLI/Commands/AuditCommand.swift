import ArgumentParser
import Foundation
import SheetLog
import SheetLogReports

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
    @Option(help: ArgumentHelp(
        "Only dismissals at or after this time: 2026-01-01T09:30:00.000Z (ISO-8601; fraction optional; Z or an offset such as +01:00) or 2026-01-01 (a date, UTC), meaning 00:00:00.000Z that day.",
        valueName: "time")) var since: String?
    @Option(help: ArgumentHelp(
        "Only dismissals before this time, in the same forms; a date includes that whole day (UTC).",
        valueName: "time")) var until: String?
    @Flag(help: "Print a JSON array.") var json = false
    @Flag(help: "Print CSV with a header row.") var csv = false

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv cannot be used together") }
        for (name, text) in [("--since", since), ("--until", until)] {
            if let text, AuditTimeArgument.milliseconds(text, endOfDay: false) == nil {
                throw ValidationError("\(name) must be \(AuditTimeArgument.forms)")
            }
        }
        // An empty range would answer "no dismissals match" for a typo.
        if let start = query.since, let end = query.until, end <= start {
            throw ValidationError("--until must be later than --since")
        }
    }

    var query: AuditQuery {
        AuditQuery(
            session: session, route: route, source: source, outcome: outcome, resolution: resolution,
            since: since.flatMap { AuditTimeArgument.date($0, endOfDay: false) },
            until: until.flatMap { AuditTimeArgument.date($0, endOfDay: true) })
    }

    func run() async throws {
        let database = try global.openForReading()
        if let session { _ = try await database.requireSession(session, operation: "audit") }
        let records = try await database.audit(query)
        if json {
            Terminal.writeLine(try AuditView.json(records))
        } else if csv {
            Terminal.write(AuditView.csv(records))
        } else {
            Terminal.write(AuditView.human(records))
            // The text says what the audit cannot see: the dismissals of the pruned sessions.
            if let base = try await database.logBase() {
                Terminal.write(KeptLogText.sentence(base) + "\n")
            }
        }
    }
}

extension DismissSource: ExpressibleByArgument {}
extension DismissOutcome: ExpressibleByArgument {}
extension DismissalRecord.Resolution: ExpressibleByArgument {}
