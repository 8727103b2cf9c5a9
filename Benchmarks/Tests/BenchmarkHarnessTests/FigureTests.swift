import BenchmarkHarness
import SheetLogCore
import Testing

@Suite("Figures and targets")
struct FigureTests {
    @Test("an at-most target is met at and below its threshold, an at-least target at and above")
    func targets() {
        #expect(Target.atMost(1.3).isMet(by: 1.3))
        #expect(Target.atMost(1.3).isMet(by: 0.9))
        #expect(!Target.atMost(1.3).isMet(by: 1.31))
        #expect(Target.atLeast(0.4).isMet(by: 0.4))
        #expect(!Target.atLeast(0.4).isMet(by: 0.39))
        #expect(Target.atMost(1.3).description == "≤ 1.3")
        #expect(Target.atLeast(0.4).description == "≥ 0.4")
    }

    private func runs(_ sheetLog: [Double], _ baseline: [Double]) -> PairedRuns {
        PairedRuns(pairs: zip(sheetLog, baseline).enumerated().map { index, values in
            PairedRuns.Pair(sheetLog: Measurement(value: values.0), baseline: Measurement(value: values.1),
                            sheetLogRanFirst: index.isMultiple(of: 2))
        })
    }

    @Test("a paired figure is judged on the median of its per-pair ratios")
    func pairedFigure() throws {
        let figure = try Figure.paired(
            name: "durable append", unit: .microseconds, sheetLogDoes: "s", baselineDoes: "b",
            runs: runs([200, 260, 190], [180, 200, 100]), target: .atMost(1.3))
        #expect(figure.ratios.count == 3)
        #expect(figure.ratio?.median == 1.3)
        #expect(figure.ratio?.maximum == 1.9)
        #expect(figure.isMet == true)
        #expect(figure.sheetLog.summary?.median == 200)
        #expect(figure.baseline?.summary?.minimum == 100)
    }

    @Test("a figure missing its target by the median ratio is not met, even if one pair met it")
    func missedFigure() throws {
        let figure = try Figure.paired(
            name: "ingest", unit: .eventsPerSecond, sheetLogDoes: "s", baselineDoes: "b",
            runs: runs([30, 50, 35], [100, 100, 100]), target: .atLeast(0.4))
        #expect(figure.isMet == false)
    }

    @Test("a metric's label is added to the figure's name")
    func metricLabel() throws {
        let figure = try Figure.paired(
            name: "durable append", unit: .microseconds, sheetLogDoes: "s", baselineDoes: "b",
            runs: runs([1, 1, 1], [1, 1, 1]), metric: .percentile(99), target: nil)
        #expect(figure.name == "durable append p99")
        #expect(figure.isMet == nil)
    }

    @Test("a baseline-only figure has no ratio and no verdict, and says SheetLog is pending")
    func pendingFigure() throws {
        let figure = try Figure.baselineOnly(
            name: "rebuild", unit: .seconds, sheetLogDoes: "s", baselineDoes: "b",
            runs: [Measurement(value: 2), Measurement(value: 1), Measurement(value: 3)], target: .atMost(6))
        #expect(figure.ratio == nil)
        #expect(figure.isMet == nil)
        #expect(figure.sheetLog.pendingReason == FigureSide.sheetLogNotWired)
        #expect(figure.baseline?.summary == Summary(median: 2, minimum: 1, maximum: 3, count: 3))
    }

    @Test("a scaling figure divides the large run by the small run, pair by pair")
    func scalingFigure() throws {
        let figure = try Figure.scaling(
            name: "audit 1M/10k", unit: .microseconds, largeDoes: "1M", smallDoes: "10k",
            large: [30, 44, 20], small: [20, 20, 20], target: .atMost(2))
        #expect(figure.ratios == [1.5, 2.2, 1])
        #expect(figure.isMet == true)
    }
}
