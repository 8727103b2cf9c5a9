import BenchmarkHarness
import Foundation
import SheetLogCore
import Testing

@Suite("Report")
struct ReportTests {
    private func figures() throws -> [Figure] {
        let runs = PairedRuns(pairs: (0..<3).map { _ in
            PairedRuns.Pair(sheetLog: Measurement(value: 250), baseline: Measurement(value: 181.4),
                            sheetLogRanFirst: true)
        })
        return [
            try Figure.paired(name: "durable append", unit: .microseconds, sheetLogDoes: "one command, FULL",
                              baselineDoes: "one INSERT, FULL", runs: runs, target: .atMost(1.3)),
            try Figure.baselineOnly(name: "size", unit: .bytesPerEvent, sheetLogDoes: "all tables",
                                    baselineDoes: "events table", runs: Array(repeating: Measurement(value: 300), count: 3),
                                    target: .atMost(2)),
        ]
    }

    @Test("table rows line up under their headings and show values, ratio, target and verdict")
    func table() throws {
        let text = ReportTable.render(try figures())
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let baselineColumn = try #require(lines[0].range(of: "baseline")).lowerBound
        let offset = lines[0].distance(from: lines[0].startIndex, to: baselineColumn)
        for row in lines[2...3] {
            #expect(row.count > offset)
            #expect(row[row.index(row.startIndex, offsetBy: offset - 2)..<row.index(row.startIndex, offsetBy: offset)] == "  ")
        }
        #expect(lines[2].contains("250 [250–250] µs"))
        #expect(lines[2].contains("181 [181–181] µs"))
        #expect(lines[2].contains("1.38 [1.38–1.38]"))
        #expect(lines[2].hasSuffix("≤ 1.3   ✗"))
        #expect(lines[3].contains(FigureSide.sheetLogNotWired))
        #expect(text.contains("durable append: one command, FULL | reference: one INSERT, FULL"))
    }

    @Test("numbers print with about three significant digits and grouped thousands")
    func numbers() {
        #expect(NumberFormatting.plain(1_234_567) == "1,234,567")
        #expect(NumberFormatting.plain(181.4) == "181")
        #expect(NumberFormatting.plain(18.26) == "18.3")
        #expect(NumberFormatting.plain(0.007712) == "0.00771")
        #expect(NumberFormatting.plain(0) == "0")
        #expect(NumberFormatting.plain(1.5) == "1.5")
        #expect(NumberFormatting.plain(1.2345) == "1.23")
        #expect(NumberFormatting.plain(-4200) == "-4,200")
    }

    @Test("the JSON report holds every figure with its samples and the run's conditions")
    func json() throws {
        let report = BenchmarkReport(
            date: Date(timeIntervalSince1970: 0), command: "sheetlog-bench --quick",
            machine: MachineInfo(processorCount: 2, memoryBytes: 1 << 30, operatingSystem: "Linux", cpuModel: nil),
            sqliteVersion: "3.40.1", seeds: ["workload": 42], parameters: ["events": 100_000], figures: try figures())
        let data = try report.jsonData()
        let decoded = try JSONDecoder().decode(BenchmarkReport.self, from: data)
        #expect(decoded == report)
        #expect(decoded.date == "1970-01-01T00:00:00Z")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let figures = try #require(object["figures"] as? [[String: Any]])
        #expect(figures.count == 2)
        #expect((figures[0]["ratios"] as? [Double])?.count == 3)
    }
}
