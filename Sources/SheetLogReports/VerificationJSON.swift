import SheetLog

/// `sheetlog verify --json`: `{healthy, events, sessions, checks: [{name, passed, detail, skipped}]}`;
/// `sheetlog-server verify --json` adds `device`.
package struct VerificationJSON: Encodable {
    package var device: String?
    package var healthy: Bool
    package var events: Int64
    package var sessions: Int
    package var checks: [VerificationReport.Check]

    package init(_ report: VerificationReport, device: String? = nil) {
        self.device = device
        healthy = report.isHealthy
        events = report.events
        sessions = report.sessions
        checks = report.checks
    }

    /// The human report: a table of the checks, then a line with the counts and the verdict.
    package static func human(_ report: VerificationReport) -> String {
        var table = TextTable(["CHECK", "RESULT", "DETAIL"])
        for check in report.checks { table.append([check.name, check.skipped ? "skipped" : check.passed ? "ok" : "FAILED", check.detail]) }
        let skipped = report.checks.filter(\.skipped).map(\.name)
        let unchecked = skipped.isEmpty ? "" : " (not checked: \(skipped.joined(separator: ", ")))"
        return table.render() + "\(report.events) events in \(report.sessions) sessions: \(report.isHealthy ? "healthy" : "NOT healthy")\(unchecked)\n"
    }
}
