import SheetLog

/// The steps of `sheetlog replay --json`, the same bytes wherever they are served.
package enum ReplayReport {
    /// A pretty-printed JSON array of ``ReplayStepJSON``.
    package static func json(_ steps: [ReplayStep]) throws(SheetLogError) -> String {
        try JSONOutput.pretty(steps.map(ReplayStepJSON.init))
    }
}
