import SheetLogCore

/// What makes two runs' ratios comparable: the SQLite library, the workload's seeds and the sizes
/// and counts of the run.
///
/// ```swift
/// try BenchmarkConditions(of: reference).requireComparable(with: planned, referencePath: "reference.json")
/// ```
package struct BenchmarkConditions: Sendable, Hashable {
    package var sqliteVersion: String
    package var seeds: [String: UInt64]
    package var parameters: [String: Int]

    /// Parameters that may differ: the number of pairs changes how many samples a figure has, not
    /// what each pair measures, and the noise band already reflects it.
    package static let freeParameters: Set<String> = ["pairs"]

    package init(sqliteVersion: String, seeds: [String: UInt64], parameters: [String: Int]) {
        self.sqliteVersion = sqliteVersion
        self.seeds = seeds
        self.parameters = parameters
    }

    /// The conditions a report was made under.
    package init(of report: BenchmarkReport) {
        self.init(sqliteVersion: report.sqliteVersion, seeds: report.seeds, parameters: report.parameters)
    }

    /// Each condition that differs, as "events: 100000 in the reference, 1000000 in this run".
    package func differences(from run: BenchmarkConditions) -> [String] {
        var result: [String] = []
        if sqliteVersion != run.sqliteVersion {
            result.append("SQLite version: \(sqliteVersion) in the reference, \(run.sqliteVersion) in this run")
        }
        result += Self.differences(parameters, run.parameters, kind: "parameter", ignoring: Self.freeParameters)
        result += Self.differences(seeds, run.seeds, kind: "seed", ignoring: [])
        return result
    }

    /// Throws when `run` differs from these (the reference's) conditions: its ratios would not be comparable.
    package func requireComparable(with run: BenchmarkConditions, referencePath: String) throws(SheetLogError) {
        let differences = differences(from: run)
        guard !differences.isEmpty else { return }
        throw SheetLogError(
            .invalidInput,
            "The reference \(referencePath) was made under other conditions, so its ratios are not comparable with "
                + "this run's (\(differences.joined(separator: "; "))). Run with the options the reference was made "
                + "with, or make a new reference with --json.",
            context: SheetLogError.Context(operation: "compare"))
    }

    private static func differences<Value: Equatable>(
        _ reference: [String: Value], _ run: [String: Value], kind: String, ignoring: Set<String>
    ) -> [String] {
        Set(reference.keys).union(run.keys).subtracting(ignoring).sorted().compactMap { key in
            let there = reference[key], here = run[key]
            guard there != here else { return nil }
            return "\(kind) \(key): \(there.map { "\($0)" } ?? "absent") in the reference, "
                + "\(here.map { "\($0)" } ?? "absent") in this run"
        }
    }
}
