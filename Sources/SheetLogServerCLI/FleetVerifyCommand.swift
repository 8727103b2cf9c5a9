import ArgumentParser
import Foundation
import SheetLog
import SheetLogReports
import SheetLogCore

/// `sheetlog-server verify --postgres URL [--device ID] [--json]`: `sheetlog verify` per device, in
/// device order; exit 1 when a device fails, naming its first failed check.
struct FleetVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify", abstract: "Check each device of a fleet store (or one) as `sheetlog verify` checks a file.")

    @OptionGroup var fleetOptions: FleetOptions
    @Flag(help: "Print the report as JSON (with --device one object, else an array), each with its \"device\".") var json = false

    func run() async throws {
        let (fleet, databases) = try await fleetOptions.databases(operation: "verify")
        defer { fleet.close() }
        var reports: [VerificationJSON] = []
        var failures: [String] = []
        for (device, database) in databases {
            let report = try await database.verify()
            reports.append(VerificationJSON(report, device: device))
            if !json { CommandIO.output("device \(device)\n" + VerificationJSON.human(report)) }
            if let failure = report.firstFailure { failures.append("sheetlog-server: verify failed: device \(device): \(failure.name): \(failure.detail)") }
        }
        if json {
            let text = fleetOptions.device == nil ? try JSONOutput.pretty(reports) : try JSONOutput.pretty(reports[0])
            CommandIO.output(text + "\n")
        }
        if !failures.isEmpty {
            CommandIO.error(failures.map { $0 + "\n" }.joined())
            throw ExitCode(1)
        }
    }
}
