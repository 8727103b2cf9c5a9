import BenchmarkHarness
import SheetLogCore
import Testing

@Suite("Pairing")
struct PairingTests {
    /// Records the order in which the two sides ran.
    final class Recorder {
        var order: [String] = []
        var sheetLogRuns = 0
        var baselineRuns = 0
    }

    @Test("pairs alternate which side runs first, starting with SheetLog")
    func alternation() throws {
        let recorder = Recorder()
        let runs = try runPairs(
            count: 4,
            sheetLog: { recorder.order.append("S"); return Measurement(value: 1) },
            baseline: { recorder.order.append("B"); return Measurement(value: 1) })
        #expect(recorder.order == ["S", "B", "B", "S", "S", "B", "B", "S"])
        #expect(runs.pairs.map(\.sheetLogRanFirst) == [true, false, true, false])
    }

    @Test("each pair keeps its own sides together, so ratios are per pair")
    func perPairRatios() throws {
        let recorder = Recorder()
        let runs = try runPairs(
            count: 3,
            sheetLog: { recorder.sheetLogRuns += 1; return Measurement(value: Double(recorder.sheetLogRuns) * 10) },
            baseline: { recorder.baselineRuns += 1; return Measurement(value: Double(recorder.baselineRuns)) })
        #expect(try runs.sheetLogValues() == [10, 20, 30])
        #expect(try runs.baselineValues() == [1, 2, 3])
        #expect(try runs.ratios() == [10, 10, 10])
    }

    @Test("a metric picks a percentile of each run's samples")
    func percentileMetric() throws {
        let runs = try runPairs(
            count: 3,
            sheetLog: { Measurement(value: 2, samples: [1, 2, 30]) },
            baseline: { Measurement(value: 1, samples: [1, 1, 10]) })
        #expect(try runs.ratios(.percentile(99)) == [3, 3, 3])
        #expect(Metric.percentile(99).label == "p99")
    }

    @Test("fewer than three pairs are refused before anything runs")
    func tooFewPairs() {
        let recorder = Recorder()
        #expect {
            try runPairs(count: 2, sheetLog: { recorder.sheetLogRuns += 1; return Measurement(value: 1) },
                         baseline: { Measurement(value: 1) })
        } throws: { ($0 as? SheetLogError)?.code == .invalidInput }
        #expect(recorder.sheetLogRuns == 0)
        #expect(throws: SheetLogError.self) { try runAlone(count: 1) { Measurement(value: 1) } }
    }

    @Test("an error thrown by a side stops the pairing and reaches the caller")
    func sideErrorPropagates() {
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try runPairs(count: 3, sheetLog: { throw Failure() }, baseline: { Measurement(value: 1) })
        }
    }
}
