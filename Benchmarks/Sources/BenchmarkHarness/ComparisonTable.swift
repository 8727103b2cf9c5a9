/// The human-readable comparison: one row per figure, then the notes and the outcome.
///
/// ```swift
/// print(ComparisonTable.render(BenchmarkComparison(reference: reference, run: report)))
/// ```
package enum ComparisonTable {
    /// The column headings, in order.
    package static let headings = ["figure", "better", "reference ratio", "this run's ratio", "change",
                                  "same if within", "verdict"]

    /// The table, the notes, and one line saying whether the run passes.
    package static func render(_ comparison: BenchmarkComparison) -> String {
        var lines = TextColumns.render([headings] + comparison.figures.map(cells))
        lines.append("")
        lines.append("A figure moved only when every pair of this run lies beyond the reference's range and its median "
                     + "changed by more than \(NumberFormatting.plain(comparison.floor * 100))%.")
        lines += comparison.notes
        let worse = comparison.names(.worse), missing = comparison.names(.missing)
        if !worse.isEmpty {
            lines.append("WORSE beyond the noise band: \(worse.joined(separator: ", ")).")
        }
        if !missing.isEmpty {
            lines.append("MISSING from this run (in the reference): \(missing.joined(separator: ", ")).")
        }
        if comparison.fails {
            lines.append("The comparison fails.")
        } else {
            let better = comparison.names(.better)
            lines.append(better.isEmpty
                ? "No figure is worse beyond its noise band."
                : "No figure is worse beyond its noise band; better: \(better.joined(separator: ", ")) "
                    + "(update the reference deliberately if the gain is meant to stay).")
        }
        return lines.joined(separator: "\n")
    }

    /// The seven cells of one figure's row.
    package static func cells(_ figure: FigureComparison) -> [String] {
        [
            figure.name,
            direction(figure.direction),
            figure.reference.map(NumberFormatting.summary) ?? "—",
            figure.run.map(NumberFormatting.summary) ?? "—",
            figure.change.map(percent) ?? "—",
            figure.band.map(band) ?? "—",
            figure.verdict.label,
        ]
    }

    private static func direction(_ direction: RatioDirection) -> String {
        switch direction {
        case .lowerIsBetter: "lower"
        case .higherIsBetter: "higher"
        }
    }

    /// "+12.3%", "-4%", "0%".
    private static func percent(_ change: Double) -> String {
        let text = NumberFormatting.plain(change * 100)
        return (change > 0 ? "+" : "") + text + "%"
    }

    /// "1.14–1.32": the run's median counts as the same inside the range.
    private static func band(_ band: NoiseBand) -> String {
        "\(NumberFormatting.plain(band.lower))–\(NumberFormatting.plain(band.upper))"
    }
}
