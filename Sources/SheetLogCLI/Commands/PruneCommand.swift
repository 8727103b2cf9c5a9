import ArgumentParser
import Foundation
import SheetLog
import SheetLogReports

/// `sheetlog prune --before TIME | --keep-days N [--json]`
struct PruneCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Remove the finished sessions recorded before a time (a prefix of the log), keeping a verifiable base.")
    static let databaseAction = "prune"

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Remove what was recorded before this time: \(AuditTimeArgument.forms) (its start, in UTC).", valueName: "time"))
    var before: String?
    // Parsed unconditionally so that `--keep-days -1` reaches the range check instead of reading as a missing value.
    @Option(name: .customLong("keep-days"), parsing: .unconditional,
            help: ArgumentHelp("Keep the last N days (relative to now; 0 keeps nothing finished before now).", valueName: "N"))
    var keepDays: Int?
    @Flag(help: "Print the report as JSON.") var json = false

    func validate() throws {
        switch (before, keepDays) {
        case (nil, nil), (.some, .some): throw ValidationError("give one of --before TIME or --keep-days N")
        case (.some(let text), nil):
            if AuditTimeArgument.milliseconds(text, endOfDay: false) == nil { throw ValidationError("--before must be \(AuditTimeArgument.forms)") }
        case (nil, .some(let days)):
            if days < 0 || days > 100_000 { throw ValidationError("--keep-days must be a number of days from 0 to 100000") }
        }
    }

    func run() async throws {
        let cutoff: Date
        if let before, let date = AuditTimeArgument.date(before, endOfDay: false) {
            cutoff = date
        } else {
            cutoff = Date().addingTimeInterval(-Double(keepDays ?? 0) * 86_400)
        }
        let report = try await global.openExisting().prune(before: cutoff)
        if json {
            Terminal.writeLine(try JSONOutput.pretty(PruneReportJSON(report)))
            return
        }
        Terminal.write(PruneReportJSON.human(report))
    }
}

/// The `--json` shape of `sheetlog prune`, and its text.
struct PruneReportJSON: Encodable {
    var removedEvents: Int64
    var removedSessions: Int
    var carriedSessions: Int
    var cutPosition: Int64
    var firstKeptPosition: Int64
    var bytesFreed: Int64
    var convertedToIncrementalVacuum: Bool
    var steps: Int
    var stoppedBy: String

    init(_ report: PruneReport) {
        removedEvents = report.removedEvents
        removedSessions = report.removedSessions
        carriedSessions = report.carriedSessions
        cutPosition = report.cutPosition
        firstKeptPosition = report.firstKeptPosition
        bytesFreed = report.bytesFreed
        convertedToIncrementalVacuum = report.convertedToIncrementalVacuum
        steps = report.steps
        stoppedBy = report.stoppedBy.description
    }

    static func human(_ report: PruneReport) -> String {
        let converted = report.convertedToIncrementalVacuum ? "\nThe file was converted to incremental auto-vacuum (once)." : ""
        let steps = report.steps > 1 ? " in \(report.steps) steps" : ""
        let carried = report.carriedSessions == 1 ? "1 session" : "\(report.carriedSessions) sessions"
        let events = report.removedEvents == 1 ? "1 event" : "\(report.removedEvents) events"
        let whole = report.removedSessions == 1 ? "1 session was" : "\(report.removedSessions) sessions were"
        return """
            Removed \(events)\(steps); \(whole) removed whole; the base carries the state of \(carried) still open or continuing past the cut. The log is cut at position \(report.cutPosition), the kept log begins at position \(report.firstKeptPosition).
            Bytes freed: \(report.bytesFreed).\(converted)
            Stopped by: \(report.stoppedBy).

            """
    }
}
