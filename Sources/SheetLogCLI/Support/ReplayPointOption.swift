import ArgumentParser
import SheetLogReports

/// `--at VERSION|TIME` of `replay` and `state`: a version, or the last version at or before an ISO-8601 time.
struct ReplayPointOption: ParsableArguments {
    // Unconditional, so that `--at -1` reaches validate() instead of reading as an unknown option.
    @Option(name: .customLong("at"), parsing: .unconditional, help: ArgumentHelp(
        "A version of the session (1 or more), or a time (ISO-8601): the last version whose event is at or before it. Default: the last version.",
        valueName: "version|time"))
    var text: String?

    func validate() throws {
        if let text, ReplayPoint(text) == nil { throw ValidationError("--at must be \(ReplayPoint.forms)") }
    }

    /// The point given, nil without `--at`.
    var point: ReplayPoint? { text.flatMap(ReplayPoint.init) }
}
