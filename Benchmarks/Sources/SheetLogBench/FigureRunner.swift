import BenchmarkHarness
import SheetLogCore

/// Runs figures: pairs when both sides exist, the baseline alone while SheetLog's side is pending.
struct FigureRunner {
    let settings: BenchSettings
    /// Progress lines (to stderr), so that stdout holds only the table.
    let log: (String) -> Void

    typealias Side = () throws -> Measurement

    /// The figures of one pairing, one per metric: runs both sides pair by pair, or the baseline alone.
    func figures(
        name: String, unit: FigureUnit, sheetLogDoes: String, baselineDoes: String,
        sheetLog: Side?, baseline: Side, metrics: [(Metric, Target?)]
    ) throws -> [Figure] {
        log("running \(name) (\(settings.pairs) \(sheetLog == nil ? "baseline runs" : "pairs"))")
        guard let sheetLog else {
            let runs = try runAlone(count: settings.pairs, baseline)
            return try metrics.map { metric, target in
                try Figure.baselineOnly(name: name, unit: unit, sheetLogDoes: sheetLogDoes, baselineDoes: baselineDoes,
                                        runs: runs, metric: metric, target: target)
            }
        }
        let runs = try runPairs(count: settings.pairs, sheetLog: sheetLog, baseline: baseline)
        return try metrics.map { metric, target in
            try Figure.paired(name: name, unit: unit, sheetLogDoes: sheetLogDoes, baselineDoes: baselineDoes,
                              runs: runs, metric: metric, target: target)
        }
    }

    /// A figure comparing one side at the large and the small log size, pair by pair (large / small).
    func scaling(
        name: String, unit: FigureUnit, does: String, side: ((Int) throws -> Measurement)?, target: Target?
    ) throws -> Figure {
        let large = BenchSettings.sizeLabel(settings.events), small = BenchSettings.sizeLabel(settings.smallEvents)
        let title = "\(name) \(large)/\(small)"
        guard let side else {
            return try Figure(name: title, unit: unit, sheetLog: .pending(does: "\(does) at \(large) events"),
                              baseline: nil, ratios: [], target: target)
        }
        log("running \(title) (\(settings.pairs) pairs)")
        let runs = try runPairs(count: settings.pairs, sheetLog: { try side(settings.events) },
                                baseline: { try side(settings.smallEvents) })
        return try Figure.scaling(name: title, unit: unit, largeDoes: "\(does) at \(large) events",
                                  smallDoes: "the same at \(small) events", large: try runs.sheetLogValues(),
                                  small: try runs.baselineValues(), target: target)
    }
}
