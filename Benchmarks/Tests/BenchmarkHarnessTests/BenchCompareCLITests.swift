import BenchmarkHarness
import CSQLiteBaseline
import Foundation
import Testing

/// `sheetlog-bench --compare` as a user runs it: the built binary, real reference files.
///
/// The real runs are tiny (1,000 events, the size figure only, 3 pairs), so they take about a second.
@Suite("sheetlog-bench --compare")
struct BenchCompareCLITests {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-compare-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    static let tinyRun = ["--events", "1000", "--figure", "size"]

    /// A reference written by a real `--json` run, made once for the suite.
    static let referenceFile: Result<Data, any Error> = Result {
        let path = directory.appendingPathComponent("reference.json").path
        let run = try BenchBinary.run(tinyRun + ["--json", path], workDirectory: directory)
        guard run.status == 0 else { throw BenchFailure(run: run) }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// The reference's JSON object, to change a copy of it.
    private func reference() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: try Self.referenceFile.get()) as? [String: Any])
    }

    struct BenchFailure: Error, CustomStringConvertible {
        var run: BenchBinary.Run
        var description: String { "sheetlog-bench exited \(run.status): \(run.stderr)" }
    }

    /// The reference with every per-pair ratio of its figures multiplied by `factor`, as a file.
    private func doctored(_ factor: Double) throws -> String {
        var object = try reference()
        var figures = try #require(object["figures"] as? [[String: Any]])
        for index in figures.indices {
            let ratios = try #require(figures[index]["ratios"] as? [Double]).map { $0 * factor }
            figures[index]["ratios"] = ratios
            figures[index]["ratio"] = ["median": ratios.sorted()[ratios.count / 2], "minimum": ratios.min()!,
                                       "maximum": ratios.max()!, "count": ratios.count]
        }
        object["figures"] = figures
        return try write(object)
    }

    private func write(_ object: [String: Any]) throws -> String {
        let path = Self.directory.appendingPathComponent("reference-\(UUID().uuidString).json").path
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The figure's row in the comparison table, which follows the run's own table.
    private func comparisonRow(_ figure: String, in stdout: String) throws -> Substring {
        let comparison = try #require(stdout.range(of: "\nCompared with "))
        return try #require(stdout[comparison.upperBound...].split(separator: "\n").first { $0.hasPrefix("\(figure)  ") })
    }

    @Test("a reference with a much better ratio than this run's makes the run WORSE: exit 1")
    func worseFails() throws {
        let path = try doctored(0.5)
        let run = try BenchBinary.run(Self.tinyRun + ["--compare", path], workDirectory: Self.directory)
        #expect(run.status == 1, "\(run.stderr)")
        let row = try comparisonRow("size", in: run.stdout)
        #expect(row.hasSuffix("WORSE"))
        #expect(row.contains("+100%"))
        #expect(run.stdout.hasSuffix("The comparison fails.\n"))
    }

    @Test("a reference with a much worse ratio than this run's makes the run better: exit 0")
    func betterPasses() throws {
        let path = try doctored(2)
        let run = try BenchBinary.run(Self.tinyRun + ["--compare", path], workDirectory: Self.directory)
        #expect(run.status == 0, "\(run.stderr)")
        let row = try comparisonRow("size", in: run.stdout)
        #expect(row.hasSuffix("better"))
        #expect(row.contains("-50%"))
    }

    @Test("a reference made with other parameters is refused before anything runs: exit 2")
    func otherParameters() throws {
        var object = try reference()
        var parameters = try #require(object["parameters"] as? [String: Int])
        parameters["events"] = 100_000
        object["parameters"] = parameters
        let path = try write(object)
        let run = try BenchBinary.run(Self.tinyRun + ["--compare", path], workDirectory: Self.directory)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("sheetlog-bench: The reference \(path) was made under other conditions"))
        #expect(run.stderr.contains("parameter events: 100000 in the reference, 1000 in this run"))
        #expect(!run.stderr.contains("running"))
    }

    @Test("a reference from another SQLite version is refused: exit 2")
    func otherSQLite() throws {
        var object = try reference()
        object["sqliteVersion"] = "3.0.0"
        let path = try write(object)
        let run = try BenchBinary.run(Self.tinyRun + ["--compare", path], workDirectory: Self.directory)
        #expect(run.status == 2)
        #expect(run.stderr.contains(
            "SQLite version: 3.0.0 in the reference, \(String(cString: slb_sqlite_version())) in this run"))
    }

    @Test("a file that is not a report is refused: exit 2, nothing run")
    func malformed() throws {
        let path = Self.directory.appendingPathComponent("not-a-report.json").path
        try Data("{\"figures\": []}".utf8).write(to: URL(fileURLWithPath: path))
        let run = try BenchBinary.run(Self.tinyRun + ["--compare", path], workDirectory: Self.directory)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("sheetlog-bench: \(path) is not a benchmark report written by --json: "))
    }

    @Test("--figure that names no figure of the reference is refused: exit 2")
    func figureNotInReference() throws {
        let path = try write(try reference())
        let run = try BenchBinary.run(["--events", "1000", "--figure", "rebuild", "--compare", path],
                                      workDirectory: Self.directory)
        #expect(run.status == 2)
        #expect(run.stderr.contains("has no figure of --figure rebuild: nothing to compare"))
    }
}
