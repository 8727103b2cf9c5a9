import Foundation
import SheetLogCore

/// Everything one benchmark run produced: the figures and the conditions they were measured under.
///
/// ```swift
/// let report = BenchmarkReport(date: Date(), command: "sheetlog-bench --quick", machine: .current(),
///                              sqliteVersion: "3.40.1", seeds: ["workload": 42], figures: figures)
/// print(ReportTable.render(report.figures))
/// try report.write(toJSONFile: "bench.json")
/// ```
package struct BenchmarkReport: Sendable, Hashable, Codable {
    /// ISO 8601, UTC.
    package var date: String
    /// The command line that produced the report.
    package var command: String
    package var machine: MachineInfo
    package var sqliteVersion: String
    /// Every seed of the run by name, so that the workload can be generated again.
    package var seeds: [String: UInt64]
    /// Sizes and counts the run used (events, pairs, appends per run …).
    package var parameters: [String: Int]
    package var figures: [Figure]

    package init(
        date: Date, command: String, machine: MachineInfo, sqliteVersion: String, seeds: [String: UInt64],
        parameters: [String: Int] = [:], figures: [Figure]
    ) {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        self.date = formatter.string(from: date)
        self.command = command
        self.machine = machine
        self.sqliteVersion = sqliteVersion
        self.seeds = seeds
        self.parameters = parameters
        self.figures = figures
    }

    /// The report as pretty-printed JSON with sorted keys.
    package func jsonData() throws(SheetLogError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(self)
        } catch {
            throw SheetLogError(
                .invalidInput, "The benchmark report could not be encoded as JSON (a value is not finite).",
                context: SheetLogError.Context(operation: "report JSON"))
        }
    }

    /// Writes ``jsonData()`` to `path`, replacing the file.
    package func write(toJSONFile path: String) throws(SheetLogError) {
        let data = try jsonData()
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw SheetLogError(
                .storage, "The benchmark report could not be written to \(path).",
                context: SheetLogError.Context(operation: "report JSON"))
        }
    }
}
