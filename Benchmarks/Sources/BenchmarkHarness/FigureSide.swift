import SheetLogCore

/// One side of a figure: what it did and the value each of its runs measured.
///
/// A side whose code is not written yet is *pending*: it has a reason and no values, and the
/// figure reports no ratio.
package struct FigureSide: Sendable, Hashable, Codable {
    /// What this side did, e.g. "one-row INSERT committed, synchronous=FULL".
    package var does: String
    /// One value per run, in the figure's unit.
    package var values: [Double]
    /// Median [min–max] of `values`; nil when pending.
    package var summary: Summary?
    /// Why there are no values (e.g. "pending (SheetLog side not wired yet)"); nil once measured.
    package var pendingReason: String?

    /// A side that ran: its values are summarised.
    package static func measured(does: String, values: [Double]) throws(SheetLogError) -> FigureSide {
        FigureSide(does: does, values: values, summary: try Statistics.summary(of: values), pendingReason: nil)
    }

    /// A side that could not run yet.
    package static func pending(does: String, reason: String = FigureSide.sheetLogNotWired) -> FigureSide {
        FigureSide(does: does, values: [], summary: nil, pendingReason: reason)
    }

    /// The reason printed while the lead has not wired SheetLog into the benchmark.
    package static let sheetLogNotWired = "pending (SheetLog side not wired yet)"
}
