import BenchmarkHarness
import Foundation
import Testing

/// The targets `sheetlog-bench` prints and writes are issue 35's table, read from a real run of the
/// built binary (`--quick` at 1,000 events, 3 pairs).
@Suite("sheetlog-bench targets")
struct BenchTargetsCLITests {
    struct Expected: Sendable, CustomStringConvertible {
        var figure: String
        var target: Target
        var description: String { "\(figure) \(target)" }
    }

    static let expected = [
        Expected(figure: "durable append", target: .atMost(1.3)),
        Expected(figure: "fast append", target: .atMost(3)),
        Expected(figure: "ingest", target: .atLeast(0.6)),
        Expected(figure: "rebuild", target: .atMost(4)),
        Expected(figure: "sealed durable append", target: .atMost(1.15)),
        Expected(figure: "sealed ingest", target: .atLeast(0.8)),
        Expected(figure: "sealed rebuild", target: .atMost(1.3)),
    ]

    /// The figures of one tiny run, by name.
    static let run: Result<[String: Figure], any Error> = Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-targets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("run.json").path
        let figures = ["durable-append", "fast-append", "ingest", "rebuild", "sealed"].flatMap { ["--figure", $0] }
        let run = try BenchBinary.run(["--quick", "--events", "1000", "--json", path] + figures, workDirectory: directory)
        guard run.status == 0 else { throw BenchCompareCLITests.BenchFailure(run: run) }
        let report = try BenchmarkReport.read(fromJSONFile: path)
        return Dictionary(uniqueKeysWithValues: report.figures.map { ($0.name, $0) })
    }

    @Test("each figure of issue 35's table carries the issue's target", arguments: expected)
    func issueTargets(_ expected: Expected) throws {
        let figure = try #require(try Self.run.get()[expected.figure], "no figure named \(expected.figure)")
        #expect(figure.target == expected.target)
    }
}
