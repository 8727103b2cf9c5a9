import SheetLogCore

/// One line of the benchmark: both sides' values, their per-pair ratio and the target it must reach.
///
/// The ratio is always *subject / reference*: SheetLog / baseline for a paired figure, or the
/// large run / the small run for a scaling figure such as "recovery at launch 1M / 10k".
///
/// ```swift
/// let figure = try Figure.paired(
///     name: "durable append", unit: .microseconds,
///     sheetLogDoes: "one command committed, FULL", baselineDoes: "one-row INSERT committed, FULL",
///     runs: runs, metric: .value, target: .atMost(1.3))
/// print(figure.isMet as Any)
/// ```
package struct Figure: Sendable, Hashable, Codable {
    package var name: String
    package var unit: FigureUnit
    /// SheetLog's side (or, for a scaling figure, the large run).
    package var sheetLog: FigureSide
    /// The reference side; nil when the figure has none (shown as "—").
    package var baseline: FigureSide?
    /// Per-pair ratios subject / reference; empty while a side is pending.
    package var ratios: [Double]
    /// Median [min–max] of `ratios`.
    package var ratio: Summary?
    /// The bound the median ratio must satisfy; nil for figures reported for information.
    package var target: Target?

    package init(
        name: String, unit: FigureUnit, sheetLog: FigureSide, baseline: FigureSide?, ratios: [Double],
        target: Target?
    ) throws(SheetLogError) {
        self.name = name
        self.unit = unit
        self.sheetLog = sheetLog
        self.baseline = baseline
        self.ratios = ratios
        self.ratio = ratios.isEmpty ? nil : try Statistics.summary(of: ratios)
        self.target = target
    }

    /// Whether the median ratio meets the target; nil without a target or without a ratio.
    package var isMet: Bool? {
        guard let target, let ratio else { return nil }
        return target.isMet(by: ratio.median)
    }

    /// A figure whose two sides ran pair by pair.
    package static func paired(
        name: String, unit: FigureUnit, sheetLogDoes: String, baselineDoes: String, runs: PairedRuns,
        metric: Metric = .value, target: Target?
    ) throws(SheetLogError) -> Figure {
        try Figure(
            name: named(name, metric), unit: unit,
            sheetLog: try .measured(does: sheetLogDoes, values: try runs.sheetLogValues(metric)),
            baseline: try .measured(does: baselineDoes, values: try runs.baselineValues(metric)),
            ratios: try runs.ratios(metric), target: target)
    }

    /// A figure whose SheetLog side is not wired yet: the baseline ran alone and there is no ratio.
    package static func baselineOnly(
        name: String, unit: FigureUnit, sheetLogDoes: String, baselineDoes: String, runs: [Measurement],
        metric: Metric = .value, target: Target?
    ) throws(SheetLogError) -> Figure {
        let values = try runs.map { run throws(SheetLogError) in try metric.extract(run) }
        return try Figure(
            name: named(name, metric), unit: unit, sheetLog: .pending(does: sheetLogDoes),
            baseline: try .measured(does: baselineDoes, values: values), ratios: [], target: target)
    }

    /// A figure comparing one side with itself at two sizes: ratio large[i] / small[i].
    package static func scaling(
        name: String, unit: FigureUnit, largeDoes: String, smallDoes: String, large: [Double], small: [Double],
        target: Target?
    ) throws(SheetLogError) -> Figure {
        try Figure(
            name: name, unit: unit, sheetLog: try .measured(does: largeDoes, values: large),
            baseline: try .measured(does: smallDoes, values: small),
            ratios: try Statistics.ratios(large, over: small), target: target)
    }

    private static func named(_ name: String, _ metric: Metric) -> String {
        metric.label.isEmpty ? name : "\(name) \(metric.label)"
    }
}
