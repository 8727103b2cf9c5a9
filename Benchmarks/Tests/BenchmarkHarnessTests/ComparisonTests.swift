import BenchmarkHarness
import Foundation
import SheetLogCore
import Testing

@Suite("Comparison with a reference")
struct ComparisonTests {
    @Test("a lower time ratio beyond the band is better, and passes")
    func better() throws {
        let line = try SyntheticReport.compare(reference: [1.7, 1.75, 1.8], run: [1.2, 1.25, 1.3])
        #expect(line.verdict == .better)
        #expect(!line.verdict.fails)
    }

    @Test("the same ratios are the same; a band never narrower than the 10% floor")
    func same() throws {
        let line = try SyntheticReport.compare(reference: [1.28, 1.28, 1.28], run: [1.28, 1.28, 1.28],
                                               unit: .bytesPerEvent, target: .atMost(2))
        #expect(line.verdict == .same)
        #expect(abs((line.band?.lower ?? 0) - 1.28 / 1.1) < 1e-12)
        #expect(abs((line.band?.upper ?? 0) - 1.28 * 1.1) < 1e-12)
    }

    @Test("a higher time ratio beyond the band is WORSE and fails the comparison")
    func worseBeyondBand() throws {
        // Reference 1.2 [1.19–1.21], run 1.4 [1.39–1.41]: every run pair is above every reference pair and the
        // median moved by 16.7%. The band: the reference's range widened by the run's spread, or ×/÷1.1.
        let reference = SyntheticReport.report([try SyntheticReport.figure("durable append", [1.19, 1.2, 1.21])])
        let run = SyntheticReport.report([try SyntheticReport.figure("durable append", [1.39, 1.4, 1.41])])
        let comparison = BenchmarkComparison(reference: reference, run: run)
        #expect(comparison.figures.map(\.verdict) == [.worse])
        #expect(comparison.fails)
        let band = try #require(comparison.figures[0].band)
        #expect(abs(band.upper - 1.2 * 1.1) < 1e-12)
        #expect(abs(band.lower - 1.2 / 1.1) < 1e-12)
    }

    @Test("a stable figure whose whole run moved by less than the floor is the same; with no floor, worse")
    func floor() throws {
        // Audit query growth of two runs of one build on this machine: 1.01 [0.955–1.04], then 1.07 [1.06–1.65].
        let reference = SyntheticReport.report([try SyntheticReport.figure("growth", [0.955, 1, 1.01, 1.02, 1.04])])
        let run = SyntheticReport.report([try SyntheticReport.figure("growth", [1.06, 1.065, 1.07, 1.2, 1.65])])
        #expect(BenchmarkComparison(reference: reference, run: run).figures[0].verdict == .same)
        let strict = BenchmarkComparison(reference: reference, run: run, floor: 0)
        #expect(strict.figures[0].verdict == .worse)
        #expect(abs((strict.figures[0].band?.upper ?? 0) - 1.04 * 1.07 / 1.06) < 1e-12)
    }

    @Test("the same shift stays within a noisy figure's band: worse, but not beyond the noise")
    func worseWithinBand() throws {
        // Reference 1.2 [1.1–1.4]: the run's pairs 1.29–1.31 lie inside its range.
        let line = try SyntheticReport.compare(reference: [1.1, 1.2, 1.4], run: [1.29, 1.3, 1.31])
        #expect(line.verdict == .same)
        #expect(abs((line.band?.upper ?? 0) - 1.4 * 1.3 / 1.29) < 1e-12)
        #expect(abs((line.change ?? 0) - 0.1 / 1.2) < 1e-12)
    }

    @Test("a noisy run widens the band as much as a noisy reference")
    func noisyRun() throws {
        // Run 1.3 [1.0–1.35] against a stable 1.2 [1.19–1.21]: its low pair overlaps the reference;
        // the band for its median is 1.19 × 1.3/1.35 – 1.21 × 1.3/1.0.
        let line = try SyntheticReport.compare(reference: [1.19, 1.2, 1.21], run: [1.0, 1.3, 1.35])
        #expect(line.verdict == .same)
        #expect(abs((line.band?.upper ?? 0) - 1.21 * 1.3) < 1e-12)
        #expect(abs((line.band?.lower ?? 0) - 1.2 / 1.1) < 1e-12)
    }

    @Test("ranges that touch are the same; one whose every pair is beyond the reference's range moved")
    func rangeEdges() throws {
        #expect(try SyntheticReport.compare(reference: [1, 1.1, 1.2], run: [1.2, 1.5, 1.6]).verdict == .same)
        #expect(try SyntheticReport.compare(reference: [1, 1.1, 1.2], run: [1.21, 1.5, 1.6]).verdict == .worse)
        #expect(try SyntheticReport.compare(reference: [1, 1.1, 1.2], run: [0.5, 0.9, 1]).verdict == .same)
        #expect(try SyntheticReport.compare(reference: [1, 1.1, 1.2], run: [0.5, 0.9, 0.99]).verdict == .better)
    }

    @Test("an unchanged build whose whole run shifted with the machine's load, ranges overlapping, is the same")
    func shiftedRun() throws {
        // The replay (middle version) figure of two runs of one build on this machine, 5 pairs each:
        // reference 2.07 [1.91–2.72], run 2.8 [2.63–2.9].
        let line = try SyntheticReport.compare("replay (middle version)", reference: [1.91, 2.0, 2.07, 2.5, 2.72],
                                               run: [2.63, 2.7, 2.8, 2.85, 2.9], unit: .milliseconds,
                                               target: .atMost(6))
        #expect(line.verdict == .same)
    }

    @Test("for throughput (at-least target) a lower ratio is worse and a higher one better")
    func throughputDirection() throws {
        let lower = try SyntheticReport.compare("ingest", reference: [0.45, 0.46, 0.47], run: [0.39, 0.4, 0.41],
                                                unit: .eventsPerSecond, target: .atLeast(0.4))
        #expect(lower.direction == .higherIsBetter)
        #expect(lower.verdict == .worse)
        let higher = try SyntheticReport.compare("ingest", reference: [0.45, 0.46, 0.47], run: [0.54, 0.55, 0.56],
                                                 unit: .eventsPerSecond, target: .atLeast(0.4))
        #expect(higher.verdict == .better)
    }

    @Test("for time (at-most target) a higher ratio is worse and a lower one better")
    func timeDirection() throws {
        let higher = try SyntheticReport.compare(reference: [4.8, 4.9, 5], run: [6, 6.1, 6.2], target: .atMost(3))
        #expect(higher.direction == .lowerIsBetter)
        #expect(higher.verdict == .worse)
        let lower = try SyntheticReport.compare(reference: [4.8, 4.9, 5], run: [3.9, 4, 4.1], target: .atMost(3))
        #expect(lower.verdict == .better)
    }

    @Test("a figure without a target goes by its unit: time lower is better, events/s higher")
    func directionWithoutTarget() throws {
        let p99 = try SyntheticReport.compare("durable append p99", reference: [1.4, 1.46, 1.5], run: [2, 2.1, 2.2],
                                              target: nil)
        #expect(p99.direction == .lowerIsBetter)
        #expect(p99.verdict == .worse)
        let rate = try SyntheticReport.compare("rate", reference: [1.4, 1.46, 1.5], run: [2, 2.1, 2.2],
                                               unit: .eventsPerSecond, target: nil)
        #expect(rate.direction == .higherIsBetter)
        #expect(rate.verdict == .better)
    }

    @Test("a reference figure the run lacks, or has no ratio for, is MISSING and fails; a new one is listed")
    func missingFigure() throws {
        let reference = SyntheticReport.report([
            try SyntheticReport.figure("durable append", [1.2, 1.2, 1.2]),
            try SyntheticReport.figure("rebuild", [5, 5.1, 5.2], unit: .seconds, target: .atMost(6)),
            try SyntheticReport.figure("size", [1.28, 1.28, 1.28], unit: .bytesPerEvent, target: .atMost(2)),
        ])
        let pendingSize = try Figure(name: "size", unit: .bytesPerEvent, sheetLog: .pending(does: "s"),
                                     baseline: .measured(does: "b", values: [381, 381, 381]), ratios: [],
                                     target: .atMost(2))
        let run = SyntheticReport.report([
            try SyntheticReport.figure("durable append", [1.2, 1.2, 1.2]), pendingSize,
            try SyntheticReport.figure("new figure", [1, 1, 1]),
        ])
        let comparison = BenchmarkComparison(reference: reference, run: run)
        #expect(comparison.figures.map(\.name) == ["durable append", "rebuild", "size", "new figure"])
        #expect(comparison.figures.map(\.verdict) == [.same, .missing, .missing, .unreferenced])
        #expect(comparison.fails)
        let table = ComparisonTable.render(comparison)
        #expect(table.contains("MISSING from this run (in the reference): rebuild, size."))
        #expect(table.hasSuffix("The comparison fails."))
    }

    @Test("a run that is only better or the same passes, and says which figures got better")
    func passingOutcome() throws {
        let reference = SyntheticReport.report([
            try SyntheticReport.figure("durable append", [1.7, 1.7, 1.7]),
            try SyntheticReport.figure("size", [1.28, 1.28, 1.28], unit: .bytesPerEvent, target: .atMost(2)),
        ])
        let run = SyntheticReport.report([
            try SyntheticReport.figure("durable append", [1.2, 1.2, 1.2]),
            try SyntheticReport.figure("size", [1.28, 1.28, 1.28], unit: .bytesPerEvent, target: .atMost(2)),
        ])
        let comparison = BenchmarkComparison(reference: reference, run: run)
        #expect(!comparison.fails)
        #expect(comparison.notes.isEmpty)
        #expect(ComparisonTable.render(comparison).hasSuffix(
            "No figure is worse beyond its noise band; better: durable append "
                + "(update the reference deliberately if the gain is meant to stay)."))
    }

    @Test("the table shows both ratios, the change, the band and the verdict in aligned columns")
    func table() throws {
        let reference = SyntheticReport.report([
            try SyntheticReport.figure("durable append", [1.19, 1.2, 1.21]),
            try SyntheticReport.figure("ingest", [0.45, 0.46, 0.47], unit: .eventsPerSecond, target: .atLeast(0.4)),
        ])
        let run = SyntheticReport.report([
            try SyntheticReport.figure("durable append", [1.39, 1.4, 1.41]),
            try SyntheticReport.figure("ingest", [0.45, 0.46, 0.47], unit: .eventsPerSecond, target: .atLeast(0.4)),
        ])
        let lines = ComparisonTable.render(BenchmarkComparison(reference: reference, run: run))
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("figure          better  reference ratio"))
        #expect(lines[2].hasPrefix("durable append  lower   1.2 [1.19–1.21]"))
        #expect(lines[2].contains("1.4 [1.39–1.41]"))
        #expect(lines[2].contains("+16.7%"))
        #expect(lines[2].contains("1.09–1.32"))
        #expect(lines[2].hasSuffix("WORSE"))
        #expect(lines[3].hasPrefix("ingest          higher  0.46 [0.45–0.47]"))
        #expect(lines[3].contains("0%"))
        #expect(lines[3].hasSuffix("same within noise"))
        #expect(lines.contains("WORSE beyond the noise band: durable append."))
        #expect(lines.contains("A figure moved only when every pair of this run lies beyond the reference's range and "
                               + "its median changed by more than 10%."))
    }

    @Test("a reference from another machine is compared, with a note that says so")
    func otherMachine() throws {
        let other = MachineInfo(processorCount: 8, memoryBytes: 1 << 34, operatingSystem: "Linux", cpuModel: "Intel Xeon")
        let figure = try SyntheticReport.figure("durable append", [1.2, 1.2, 1.2])
        let comparison = BenchmarkComparison(reference: SyntheticReport.report([figure], machine: other),
                                             run: SyntheticReport.report([figure]))
        #expect(comparison.notes == [
            "The reference was measured on another machine (Intel Xeon, 8 processors) than this run "
                + "(AMD EPYC, 2 processors): ratios are comparable only on the same machine class.",
        ])
    }
}
