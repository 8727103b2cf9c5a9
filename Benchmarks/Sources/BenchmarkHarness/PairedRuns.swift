import SheetLogCore

/// The runs of a figure taken pair by pair: in each pair SheetLog and the baseline ran back to back.
///
/// This machine is shared and noisy: absolute times drift over a run, but the two halves of one
/// pair see the same conditions, so each pair's ratio is the trustworthy number.
///
/// ```swift
/// let runs = try runPairs(count: 3, sheetLog: { try appendWithSheetLog() }, baseline: { try appendRaw() })
/// let ratios = try runs.ratios()
/// ```
package struct PairedRuns: Sendable, Hashable, Codable {
    /// One SheetLog run and one baseline run, taken back to back.
    package struct Pair: Sendable, Hashable, Codable {
        package var sheetLog: Measurement
        package var baseline: Measurement
        /// Which side ran first; it alternates so that warm-up and drift do not favour one side.
        package var sheetLogRanFirst: Bool

        package init(sheetLog: Measurement, baseline: Measurement, sheetLogRanFirst: Bool) {
            self.sheetLog = sheetLog
            self.baseline = baseline
            self.sheetLogRanFirst = sheetLogRanFirst
        }
    }

    /// The smallest number of pairs a figure may report.
    package static let minimumCount = 3

    package var pairs: [Pair]

    package init(pairs: [Pair]) {
        self.pairs = pairs
    }

    /// SheetLog's value of `metric` in each pair.
    package func sheetLogValues(_ metric: Metric = .value) throws(SheetLogError) -> [Double] {
        try pairs.map { pair throws(SheetLogError) in try metric.extract(pair.sheetLog) }
    }

    /// The baseline's value of `metric` in each pair.
    package func baselineValues(_ metric: Metric = .value) throws(SheetLogError) -> [Double] {
        try pairs.map { pair throws(SheetLogError) in try metric.extract(pair.baseline) }
    }

    /// SheetLog / baseline of `metric`, pair by pair.
    package func ratios(_ metric: Metric = .value) throws(SheetLogError) -> [Double] {
        try Statistics.ratios(try sheetLogValues(metric), over: try baselineValues(metric))
    }
}

/// Runs `count` (≥ 3) pairs, alternating which side goes first: SheetLog first in pairs 1, 3, 5 …
package func runPairs(
    count: Int,
    sheetLog: () throws -> Measurement,
    baseline: () throws -> Measurement
) throws -> PairedRuns {
    try requireEnoughRuns(count)
    var pairs: [PairedRuns.Pair] = []
    for index in 0..<count {
        let sheetLogFirst = index.isMultiple(of: 2)
        let first = try sheetLogFirst ? sheetLog() : baseline()
        let second = try sheetLogFirst ? baseline() : sheetLog()
        pairs.append(PairedRuns.Pair(
            sheetLog: sheetLogFirst ? first : second, baseline: sheetLogFirst ? second : first,
            sheetLogRanFirst: sheetLogFirst))
    }
    return PairedRuns(pairs: pairs)
}

/// Runs one side `count` (≥ 3) times, for a figure whose other side is not available.
package func runAlone(count: Int, _ side: () throws -> Measurement) throws -> [Measurement] {
    try requireEnoughRuns(count)
    return try (0..<count).map { _ in try side() }
}

private func requireEnoughRuns(_ count: Int) throws(SheetLogError) {
    guard count >= PairedRuns.minimumCount else {
        throw SheetLogError(
            .invalidInput,
            "A figure needs at least \(PairedRuns.minimumCount) pairs of runs; \(count) were asked for.",
            context: SheetLogError.Context(operation: "runPairs", limit: PairedRuns.minimumCount))
    }
}
