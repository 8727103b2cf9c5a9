import BenchmarkHarness
import Foundation

/// Reports made by hand for the comparison tests: only names, units, targets and ratios matter.
enum SyntheticReport {
    static let machine = MachineInfo(processorCount: 2, memoryBytes: 1 << 30, operatingSystem: "Linux",
                                     cpuModel: "AMD EPYC")

    static let parameters = ["events": 100_000, "pairs": 5, "appendsPerRun": 200, "queriesPerRun": 50,
                             "readsPerRun": 5, "smallEvents": 10_000]

    /// A figure whose per-pair ratios are `ratios` (the sides' values are placeholders).
    static func figure(_ name: String, _ ratios: [Double], unit: FigureUnit = .microseconds,
                       target: Target? = .atMost(1.3)) throws -> Figure {
        try Figure(name: name, unit: unit, sheetLog: .measured(does: "s", values: ratios),
                   baseline: .measured(does: "b", values: ratios.map { _ in 1 }), ratios: ratios, target: target)
    }

    static func report(_ figures: [Figure], machine: MachineInfo = machine, sqlite: String = "3.40.1",
                       parameters: [String: Int] = parameters, seed: UInt64 = 42) -> BenchmarkReport {
        BenchmarkReport(date: Date(timeIntervalSince1970: 0), command: "sheetlog-bench --quick", machine: machine,
                        sqliteVersion: sqlite, seeds: ["workload": seed], parameters: parameters, figures: figures)
    }

    /// The comparison of one figure, reference ratios against run ratios.
    static func compare(_ name: String = "durable append", reference: [Double], run: [Double],
                        unit: FigureUnit = .microseconds, target: Target? = .atMost(1.3)) throws -> FigureComparison {
        let comparison = BenchmarkComparison(
            reference: report([try figure(name, reference, unit: unit, target: target)]),
            run: report([try figure(name, run, unit: unit, target: target)]))
        return comparison.figures[0]
    }
}
