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
/// - `viewer state at the middle version`: `GET …/state?at=V` (one step), V from the middle on, one
///   version further each read as a scrubber moves, against the same baseline read through V. Target ≤ 2.
///   Before it runs, the answers at versions 100, the middle and the last must be within 2× of one
///   another's size: one state, whatever the version (its size follows the form open at that step).
/// - `viewer timeline usable in Chromium`: from navigation to the timeline page of that session until
///   its event list is drawn and the state is shown (`data-ready-at`, the page's own clock), against
///   the same for a 100-event session, pair by pair. Target ≤ 2.
@main
struct ViewerBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheetlog-server-bench", abstract: "Measure the replay viewer: its replay and state APIs against a raw-SQLite read, and its timeline in Chromium.")

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
        try await BenchSession.record(events: BenchSession.shortEvents, into: path, id: BenchSession.shortID)
        let stored = try await SheetLogDatabase.openForReading(path: path).replay(BenchSession.id).map(\.event)
        let baseline = try BaselineStream(copying: stored, into: directory.appendingPathComponent("baseline.sqlite").path)

        let server = try ServerProcess.start(executable: try Self.serverExecutable(), database: path)
        defer { _ = try? server.stop() }
        var figures = [try replayFigure(server: server, baseline: baseline), try stateFigure(server: server, baseline: baseline)]
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

    private func stateFigure(server: ServerProcess, baseline: BaselineStream) throws -> Figure {
        func url(_ version: Int) -> URL {
            URL(string: server.url.appendingPathComponent("api/devices/local/sessions/\(BenchSession.id)/state").absoluteString + "?at=\(version)")!
        }
        let middle = events / 2
        var sizes: [Int] = []
        for version in [min(100, events), middle, events] {
            let answer = try LoopbackHTTP.blockingRequest(url(version))
            guard answer.status == 200 else { throw SheetLogError(.storage, "the state API answered \(answer.status) at version \(version)") }
            sizes.append(answer.body.count)
        }
        guard let smallest = sizes.min(), let largest = sizes.max(), Double(largest) <= Double(smallest) * 2 else {
            throw SheetLogError(.integrityViolation, "the state API's answers differ by more than 2× in size across versions: \(sizes) bytes at 100, \(middle), \(events)")
        }
        progress("running viewer state at the middle version (\(pairs) pairs of \(reads) reads; answers of \(sizes) bytes)")
        var version = middle
        let runs = try runPairs(count: pairs, sheetLog: {
            try median(reads) {
                version = version < events ? version + 1 : middle
                let answer = try LoopbackHTTP.blockingRequest(url(version))
                guard answer.status == 200 else { throw SheetLogError(.storage, "the state API answered \(answer.status)") }
            }
        }, baseline: {
            try median(reads) {
                guard try baseline.read(BenchSession.id, through: middle) == Int64(middle) else {
                    throw SheetLogError(.integrityViolation, "the baseline read a different number of rows")
                }
            }
        })
        return try Figure.paired(
            name: "viewer state at the middle version", unit: .milliseconds,
            sheetLogDoes: "GET …/state?at=V of a \(events)-event session over loopback, V from \(middle) on, one further each read (\(sizes[1]) bytes)",
            baselineDoes: "read its \(middle) rows by the (stream, version) index and parse them in C",
            runs: runs, target: .atMost(2))
    }

    private func timelineFigure(server: ServerProcess) async throws -> Figure {
        progress("running viewer timeline usable in Chromium (\(pairs) pairs of \(reads) page loads)")
        let driver = try ChromeDriver.start()
        defer { driver.stop() }
        let browser = try await WebDriverSession.start(driver: driver)
        /// The median of `reads` page loads of `session`'s timeline: ms from navigation until usable.
        func usable(_ session: String, rows expected: ClosedRange<Int>) async throws -> BenchmarkHarness.Measurement {
            let page = server.url.appendingPathComponent("devices/local/sessions/\(session)")
            var samples: [Double] = []
            for _ in 0..<reads {
                try await browser.navigate(to: URL(string: "about:blank")!)
                try await browser.navigate(to: page)
                let readyAt = try await browser.waitFor("the timeline to be usable", timeout: 120, """
                    var root = document.getElementById('timeline');
                    return root && document.getElementById('state') ? root.getAttribute('data-ready-at') : null;
                    """)
                let rows = try await browser.execute("return document.querySelectorAll('.event-row').length;") as? Int ?? 0
                guard expected.contains(rows) else { throw SheetLogError(.integrityViolation, "the event list of \(session) drew \(rows) rows") }
                samples.append(Double(readyAt as? String ?? "") ?? .nan)
            }
            return BenchmarkHarness.Measurement(value: try BenchmarkHarness.Statistics.median(of: samples), samples: samples)
        }
        var runs: [PairedRuns.Pair] = []
        for index in 0..<pairs {
            let longFirst = index.isMultiple(of: 2)
            let first = try await longFirst ? usable(BenchSession.id, rows: 1...199) : usable(BenchSession.shortID, rows: 1...BenchSession.shortEvents)
            let second = try await longFirst ? usable(BenchSession.shortID, rows: 1...BenchSession.shortEvents) : usable(BenchSession.id, rows: 1...199)
            runs.append(PairedRuns.Pair(sheetLog: longFirst ? first : second, baseline: longFirst ? second : first, sheetLogRanFirst: longFirst))
        }
        await browser.quit()
        return try Figure.paired(
            name: "viewer timeline usable in Chromium", unit: .milliseconds,
            sheetLogDoes: "navigation to the timeline of a \(events)-event session until its event list and state are shown",
            baselineDoes: "the same for a \(BenchSession.shortEvents)-event session",
            runs: PairedRuns(pairs: runs), target: .atMost(2))
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
