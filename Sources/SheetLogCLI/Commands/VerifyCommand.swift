import ArgumentParser
import SheetLog
import SheetLogReports

/// `sheetlog verify [--json]`: exit 1 naming the first failed check.
struct VerifyCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the integrity chain, gap-free positions, versions 1…n per session, projections, the append-only triggers and SQLite's integrity_check.")
    static let databaseAction = "check"

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print the report as JSON.") var json = false

    func run() async throws {
        // Read-only: an auditor verifies a copy without changing its checksum; the read models are
        // compared with a rebuild in a private temporary copy.
        let report = try await global.openForReading().verify()
        if json {
            Terminal.writeLine(try JSONOutput.pretty(VerificationJSON(report)))
        } else {
            Terminal.write(VerificationJSON.human(report))
        }
        if let failure = report.firstFailure {
            Terminal.writeFailure("sheetlog: verify failed: \(failure.name): \(failure.detail)")
            throw ExitCode(ExitStatus.failure)
        }
    }
}
