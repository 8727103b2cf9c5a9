/// The human-readable report: an aligned table of figures, then what each side did.
///
/// ```swift
/// print(ReportTable.render(figures))
/// ```
package enum ReportTable {
    /// The column headings, in order.
    package static let headings = ["figure", "SheetLog", "baseline", "ratio", "target", "met"]

    /// The table and, below it, one line per figure saying what each side did.
    package static func render(_ figures: [Figure]) -> String {
        var lines = TextColumns.render([headings] + figures.map(cells))
        lines.append("")
        var previous = ""
        for figure in figures {
            let reference = figure.baseline.map { " | reference: \($0.does)" } ?? ""
            let description = "\(figure.sheetLog.does)\(reference)"
            // A percentile row shares its sides with the row above it: say so once.
            if description != previous { lines.append("\(figure.name): \(description)") }
            previous = description
        }
        return lines.joined(separator: "\n")
    }

    /// The six cells of one figure's row.
    package static func cells(_ figure: Figure) -> [String] {
        [
            figure.name,
            cell(figure.sheetLog, unit: figure.unit),
            figure.baseline.map { cell($0, unit: figure.unit) } ?? "—",
            figure.ratio.map(NumberFormatting.summary) ?? "—",
            figure.target.map(\.description) ?? "—",
            figure.isMet.map { $0 ? "✓" : "✗" } ?? "—",
        ]
    }

    private static func cell(_ side: FigureSide, unit: FigureUnit) -> String {
        if let summary = side.summary { return "\(NumberFormatting.summary(summary)) \(unit.symbol)" }
        return side.pendingReason ?? "—"
    }
}
