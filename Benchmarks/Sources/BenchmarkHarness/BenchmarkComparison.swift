/// A run's figures set against a reference's, figure by figure, with the verdict for the whole run.
///
/// Every reference figure given is expected in the run: one the run lacks is reported as missing
/// and fails the comparison. Figures of the run that the reference lacks are listed, not judged.
///
/// ```swift
/// let comparison = BenchmarkComparison(reference: reference, run: report)
/// print(ComparisonTable.render(comparison))
/// if comparison.fails { exit(1) }
/// ```
package struct BenchmarkComparison: Sendable, Hashable {
    /// Reference figures in their order, then the run's figures the reference lacks.
    package var figures: [FigureComparison]
    /// Remarks about the conditions, e.g. a different machine.
    package var notes: [String]
    /// The smallest change of a median that can count as a move (a fraction).
    package var floor: Double

    /// Compares `run` with the `reference`'s figures (narrow `reference.figures` to expect fewer).
    package init(reference: BenchmarkReport, run: BenchmarkReport, floor: Double = NoiseBand.defaultFloor) {
        self.floor = floor
        let runFigures = Dictionary(run.figures.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let referenceNames = Set(reference.figures.map(\.name))
        figures = reference.figures.map { expected in
            FigureComparison(name: expected.name, direction: RatioDirection.of(expected),
                             reference: expected.ratio, run: runFigures[expected.name]?.ratio, floor: floor)
        }
        figures += run.figures.filter { !referenceNames.contains($0.name) }.map { extra in
            FigureComparison(name: extra.name, direction: RatioDirection.of(extra), reference: nil, run: extra.ratio,
                             floor: floor)
        }
        notes = Self.machineNotes(reference.machine, run.machine)
    }

    /// Whether any figure is worse beyond its band or missing.
    package var fails: Bool { figures.contains { $0.verdict.fails } }

    /// The figures with a given verdict, by name.
    package func names(_ verdict: ComparisonVerdict) -> [String] {
        figures.filter { $0.verdict == verdict }.map(\.name)
    }

    private static func machineNotes(_ reference: MachineInfo, _ run: MachineInfo) -> [String] {
        let there = describe(reference), here = describe(run)
        guard there != here else { return [] }
        return ["The reference was measured on another machine (\(there)) than this run (\(here)): "
                + "ratios are comparable only on the same machine class."]
    }

    private static func describe(_ machine: MachineInfo) -> String {
        "\(machine.cpuModel ?? "unknown CPU"), \(machine.processorCount) processors"
    }
}
