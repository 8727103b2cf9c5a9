import ArgumentParser
import Foundation
import SheetLog
import SheetLogFleet
import SheetLogPostgres
import SheetLogReports
import SheetLogCore

/// `sheetlog-server audit --postgres URL [--device ID] [filters] [--json | --csv]`: `sheetlog audit`
/// over the fleet store, each row with its device.
struct FleetAuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "List the dismissal attempts of every device of a fleet store (or of one), as `sheetlog audit` does.")

    @OptionGroup var fleetOptions: FleetOptions
    @Option(help: "Only this session.") var session: String?
    @Option(help: "Only this route name.") var route: String?
    @Option(help: "Only this source: swipe, cancelButton or programmatic.") var source: String?
    @Option(help: "Only this outcome: dismissed, blocked or forced.") var outcome: String?
    @Option(help: "Only this resolution: discarded, keptEditing, saved or saveFailed.") var resolution: String?
    @Option(help: ArgumentHelp("Only dismissals at or after this time, as `sheetlog audit --since`.", valueName: "time")) var since: String?
    @Option(help: ArgumentHelp("Only dismissals before this time; a date includes that whole day (UTC).", valueName: "time")) var until: String?
    @Flag(help: "Print a JSON array; each object has a \"device\" key.") var json = false
    @Flag(help: "Print CSV with a header row; the first column is the device.") var csv = false

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv cannot be used together") }
        // Parsed from text here, not through ExpressibleByArgument: `sheetlog`'s module declares those
        // conformances, and both executables' modules are linked into the server tests.
        if let source, DismissSource(rawValue: source) == nil {
            throw ValidationError("--source must be one of swipe, cancelButton, programmatic")
        }
        if let outcome, DismissOutcome(rawValue: outcome) == nil {
            throw ValidationError("--outcome must be one of dismissed, blocked, forced")
        }
        if let resolution, DismissalRecord.Resolution(rawValue: resolution) == nil {
            throw ValidationError("--resolution must be one of discarded, keptEditing, saved, saveFailed")
        }
        for (name, text) in [("--since", since), ("--until", until)] {
            if let text, AuditTimeArgument.milliseconds(text, endOfDay: false) == nil {
                throw ValidationError("\(name) must be \(AuditTimeArgument.forms)")
            }
        }
        if let start = query.since, let end = query.until, end <= start {
            throw ValidationError("--until must be later than --since")
        }
    }

    var query: AuditQuery {
        AuditQuery(
            session: session, route: route, source: source.flatMap(DismissSource.init(rawValue:)),
            outcome: outcome.flatMap(DismissOutcome.init(rawValue:)), resolution: resolution.flatMap(DismissalRecord.Resolution.init(rawValue:)),
            since: since.flatMap { AuditTimeArgument.date($0, endOfDay: false) },
            until: until.flatMap { AuditTimeArgument.date($0, endOfDay: true) })
    }

    func run() async throws {
        let fleet = try await PostgresFleetReader.open(url: fleetOptions.url ?? "")
        defer { fleet.close() }
        let found: [FleetDismissal]
        var kept: LogBase?
        if let device = fleetOptions.device {
            guard try await fleet.hasDevice(device) else {
                throw SheetLogError(.notFound, "no device \(device) in \(fleet.location)", context: .init(operation: "audit"))
            }
            let database = try SheetLogDatabase.openFleet(on: fleet, device: device)
            if let session { _ = try await database.requireSession(session, operation: "audit") }
            found = try await database.audit(query).map { FleetDismissal(device: device, record: $0) }
            kept = try await database.logBase()
        } else {
            found = try await fleet.audit(query)
            if let session, found.isEmpty, try await !fleet.hasSession(session) {
                throw SheetLogError(
                    .notFound, "no session \(session) on any device in \(fleet.location)", context: .init(stream: session, operation: "audit"))
            }
        }
        let records = found.map(\.record), devices = found.map(\.device)
        let output: String
        if json {
            output = try AuditReport.json(records, devices: devices) + "\n"
        } else if csv {
            output = AuditReport.csv(records, devices: devices)
        } else {
            // As `sheetlog audit` says it: a device that started at its base has no dismissal before it.
            output = AuditReport.human(records, devices: devices) + (kept.map { KeptLogText.sentence($0) + "\n" } ?? "")
        }
        CommandIO.output(output)
    }
}
