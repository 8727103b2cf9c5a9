import ArgumentParser
import BenchmarkHarness
import CSQLiteBaseline
import Foundation
import SheetLog
import SheetLogViewerTestSupport

/// `sheetlog-server-bench`: the viewer's two figures, run by `Scripts/bench.sh --viewer`.
///
/// - `viewer replay`: `GET /api/devices/local/sessions/{session}/replay` of a long session from the
///   real `sheetlog-server` over loopback (the whole JSON read), against reading the same rows with one
///   indexed SELECT in C and parsing them (the baseline of `sheetlog-bench`'s replay figure). Target ≤ 6.
/// - `viewer timeline usable in Chromium`: from navigation to the timeline page of that session until
///   its event list is drawn and the state is shown (`data-ready-at`, the page's own clock). No target.
@main
struct ViewerBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheetlog-server-bench", abstract: "Measure the replay viewer: its replay API against a raw-SQLite read, and its timeline in Chromium.")

    @Option(help: "Events in the replayed session.") var events = 10_000
    @Option(help: "Pairs of runs (at least 3).") var pairs = PairedRuns.minimumCount
    @Option(help: "Reads (or page loads) per run; each run reports their median.") var reads = 5
    @Flag(help: "Skip the Chromium figure.") var noBrowser = false
    @Option(help: "Write the figures as JSON to this file.") var json: String?
    @Option(help: "Where the temporary databases go (default: a new temporary directory).") var workDir: String?

    func validate() throws {
        if pairs < PairedRuns.minimumCount { throw ValidationError("--pairs must be at least \(PairedRuns.minimumCount).") }
        if events < 10 || reads < 1 { throw ValidationError("--events must be at least 10 and --reads at least 1.") }
    }

    func run() async throws {
        let directory = workDir.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-server-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { if workDir == nil { try? FileManager.default.removeItem(at: directory) } }
        let path = directory.appendingPathComponent("viewer.sqlite").path
        progress("recording a \(events)-event session")
        try await BenchSession.record(events: events, into: path)
        let stored = try await SheetLogDatabase.openForReading(path: path).replay(BenchSession.id).map(\.event)
        let baseline = try BaselineStream(copying: stored, into: directory.appendingPathComponent("baseline.sqlite").path)

        let server = try ServerProcess.start(executable: try Self.serverExecutable(), database: path)
        defer { _ = try? server.stop() }
        var figures = [try replayFigure(server: server, baseline: baseline)]
        if !noBrowser { figures.append(try await timelineFigure(server: server)) }
        print(ReportTable.render(figures))
        if let json {
            try BenchmarkReport(
                date: Date(), command: CommandLine.arguments.joined(separator: " "), machine: .current(),
                sqliteVersion: String(cString: slb_sqlite_version()), seeds: [:],
                parameters: ["events": events, "pairs": pairs, "reads": reads], figures: figures
            ).write(toJSONFile: json)
        }
    }

    private func replayFigure(server: ServerProcess, baseline: BaselineStream) throws -> Figure {
        let url = server.url.appendingPathComponent("api/devices/local/sessions/\(BenchSession.id)/replay")
        let first = try LoopbackHTTP.blockingRequest(url)
        let steps = try JSONSerialization.jsonObject(with: first.body) as? [Any]
        guard first.status == 200, steps?.count == events else {
            throw SheetLogError(.integrityViolation, "the replay API answered \(first.status) with \(steps?.count ?? 0) steps, not \(events)")
        }
        progress("running viewer replay (\(pairs) pairs of \(reads) reads)")
        let runs = try runPairs(count: pairs, sheetLog: {
            try median(reads) {
                let answer = try LoopbackHTTP.blockingRequest(url)
                guard answer.status == 200 else { throw SheetLogError(.storage, "the replay API answered \(answer.status)") }
            }
        }, baseline: {
            try median(reads) {
                guard try baseline.read(BenchSession.id, through: events) == Int64(events) else {
                    throw SheetLogError(.integrityViolation, "the baseline read a different number of rows")
                }
            }
        })
        return try Figure.paired(
            name: "viewer replay", unit: .milliseconds,
            sheetLogDoes: "GET …/replay of a \(events)-event session from sheetlog-server over loopback, whole JSON read",
            baselineDoes: "read its \(events) rows by the (stream, version) index and parse them in C",
            runs: runs, target: .atMost(6))
    }

    private func timelineFigure(server: ServerProcess) async throws -> Figure {
        progress("running viewer timeline usable in Chromium (\(pairs) runs of \(reads) page loads)")
        let driver = try ChromeDriver.start()
        defer { driver.stop() }
        let browser = try await WebDriverSession.start(driver: driver)
        let page = server.url.appendingPathComponent("devices/local/sessions/\(BenchSession.id)")
        var values: [Double] = []
        for _ in 0..<pairs {
            var samples: [Double] = []
            for _ in 0..<reads {
                try await browser.navigate(to: URL(string: "about:blank")!)
                try await browser.navigate(to: page)
                let readyAt = try await browser.waitFor("the timeline to be usable", timeout: 120, """
                    var root = document.getElementById('timeline');
                    return root && document.getElementById('state') ? root.getAttribute('data-ready-at') : null;
                    """)
                let rows = try await browser.execute("return document.querySelectorAll('.event-row').length;") as? Int ?? 0
                guard rows > 0 && rows < 200 else { throw SheetLogError(.integrityViolation, "the event list drew \(rows) rows") }
                samples.append(Double(readyAt as? String ?? "") ?? .nan)
            }
            values.append(try BenchmarkHarness.Statistics.median(of: samples))
        }
        await browser.quit()
        return try Figure(
            name: "viewer timeline usable in Chromium", unit: .milliseconds,
            sheetLog: .measured(does: "navigation to the timeline of a \(events)-event session until its event list and state are shown", values: values),
            baseline: nil, ratios: [], target: nil)
    }

    /// Runs `work` `count` times; the median of its durations in ms.
    private func median(_ count: Int, _ work: () throws -> Void) throws -> BenchmarkHarness.Measurement {
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<count {
            let start = clock.now
            try work()
            let elapsed = start.duration(to: clock.now)
            samples.append(Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        return BenchmarkHarness.Measurement(value: try BenchmarkHarness.Statistics.median(of: samples), samples: samples)
    }

    /// `sheetlog-server` beside this executable (`Scripts/bench.sh --viewer` builds both).
    static func serverExecutable() throws -> URL {
        let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sheetlog-server")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw SheetLogError(.notFound, "no sheetlog-server at \(url.path): build it first (Scripts/bench.sh --viewer does)")
        }
        return url
    }

    func progress(_ line: String) {
        FileHandle.standardError.write(Data("sheetlog-server-bench: \(line)\n".utf8))
    }
}
