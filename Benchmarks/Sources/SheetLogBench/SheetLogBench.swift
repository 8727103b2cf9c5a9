import ArgumentParser
import BenchmarkHarness
import CSQLiteBaseline
import Foundation
import SheetLogCore

/// `sheetlog-bench`: SheetLog against a raw-SQLite baseline, figure by figure, pair by pair.
///
/// ```
/// sheetlog-bench --quick --json bench-results.json
/// sheetlog-bench --events 1000000 --pairs 5 --figure durable-append --figure size
/// sheetlog-bench --quick --compare docs/performance/reference.json
/// ```
@main
struct SheetLogBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheetlog-bench",
        abstract: "Measure SheetLog against a raw-SQLite baseline in the same run.")

    @Option(help: "Events in the generated workload (default 1,000,000; 100,000 with --quick).")
    var events: Int?

    @Option(help: "Pairs of runs per figure (at least 3; default 3, or the reference's number with --compare).")
    var pairs: Int?

    @Option(help: "Write every figure with its samples, the machine and the seeds to this JSON file.")
    var json: String?

    @Option(name: .customLong("figure"), help: "Run only this figure (repeatable).")
    var figureNames: [FigureName] = []

    @Flag(help: "A smaller run: 100k events, fewer appends and queries per run.")
    var quick = false

    @Option(help: "The workload's random seed.")
    var seed: UInt64 = 42

    @Option(help: ArgumentHelp(
        "Compare this run with a reference written by --json: run its figures, print how each ratio moved, and exit 1 when one is worse beyond its noise band or missing.",
        valueName: "file"))
    var compare: String?

    @Option(help: ArgumentHelp(
        "With --compare: the smallest change of a figure's median ratio, in percent, that can count as worse or better.",
        valueName: "percent"))
    var noiseFloor: Double = NoiseBand.defaultFloor * 100

    @Option(help: "Where temporary databases go (default: a new directory under the system's temp directory).")
    var workDir: String?

    func validate() throws {
        if let pairs, pairs < PairedRuns.minimumCount {
            throw ValidationError("--pairs must be at least \(PairedRuns.minimumCount).")
        }
        guard noiseFloor >= 0, noiseFloor.isFinite else { throw ValidationError("--noise-floor must be a percentage ≥ 0.") }
        if let events, events < 1_000 { throw ValidationError("--events must be at least 1000.") }
    }

    func run() throws {
        let reference = try compare.map(Self.readReference)
        let referencePairs = reference?.parameters["pairs"].map { max($0, PairedRuns.minimumCount) }
        let settings = BenchSettings.resolve(events: events, pairs: pairs ?? referencePairs ?? PairedRuns.minimumCount,
                                             quick: quick, seed: seed)
        let plan = try reference.map { try planComparison(with: $0, settings: settings) }
        let directory = try WorkDirectory(path: workDir)
        defer { directory.removeAll() }
        let figures = try measure(settings, directory: directory, selected: plan?.figureNames ?? selectedFigures)
        print(ReportTable.render(figures))
        fflush(nil)  // the table before any later progress line on stderr
        let report = Self.report(settings, figures: figures)
        if let json {
            try report.write(toJSONFile: json)
            progress("wrote \(json)")
        }
        if let plan {
            let comparison = BenchmarkComparison(reference: plan.reference, run: report, floor: noiseFloor / 100)
            print("\nCompared with \(plan.path) (\(plan.reference.date), \(plan.reference.command)):\n")
            print(ComparisonTable.render(comparison))
            if comparison.fails { throw ExitCode.failure }
        }
    }

    /// The figures `--figure` asks for, every figure without it.
    var selectedFigures: [FigureName] {
        figureNames.isEmpty ? FigureName.allCases : FigureName.allCases.filter(figureNames.contains)
    }

    /// The run's conditions and figures, as `--json` writes them and `--compare` reads them.
    static func report(_ settings: BenchSettings, figures: [Figure]) -> BenchmarkReport {
        let conditions = conditions(settings)
        return BenchmarkReport(
            date: Date(), command: CommandLine.arguments.joined(separator: " "), machine: .current(),
            sqliteVersion: conditions.sqliteVersion, seeds: conditions.seeds, parameters: conditions.parameters,
            figures: figures)
    }

    static func conditions(_ settings: BenchSettings) -> BenchmarkConditions {
        BenchmarkConditions(
            sqliteVersion: String(cString: slb_sqlite_version()), seeds: ["workload": settings.seed],
            parameters: [
                "events": settings.events, "pairs": settings.pairs, "appendsPerRun": settings.appendsPerRun,
                "queriesPerRun": settings.queriesPerRun, "readsPerRun": settings.readsPerRun,
                "smallEvents": settings.smallEvents,
            ])
    }

    private func measure(_ settings: BenchSettings, directory: WorkDirectory, selected: [FigureName]) throws -> [Figure] {
        progress("generating \(settings.events) events (seed \(settings.seed))")
        let workload = try Workload.generate(events: settings.events, seed: settings.seed)
        let baseline = try BaselineSide(workload: workload, settings: settings, directory: directory)
        progress("turning the workload into SheetLog commands and ingest lines")
        let sheetLog = try SheetLogSides.make(workload: workload, settings: settings, directory: directory, log: progress)
        let runner = FigureRunner(settings: settings, log: progress)
        // The command-line figures' inputs, written once (outside any timing) for whichever runs first.
        var commandLine: CommandLineSides?
        func commandLineSides() throws -> CommandLineSides {
            if let commandLine { return commandLine }
            progress("writing the command-line figures' inputs")
            let count = max(CommandLineSides.fileLines, CommandLineSides.eachLines + 1)
            let made = try CommandLineSides(
                ingest: try IngestLines(WorkloadCommands.make(Array(workload.events.prefix(count)))),
                events: workload.events, directory: directory)
            commandLine = made
            return made
        }
        var figures: [Figure] = []
        for name in selected {
            switch name {
            case .durableAppend:
                figures += try runner.durableAppend(sheetLog: sheetLog.durableAppend,
                                                    baseline: { try baseline.append(synchronous: SLB_SYNC_FULL) })
            case .fastAppend:
                figures += try runner.fastAppend(sheetLog: sheetLog.fastAppend,
                                                 baseline: { try baseline.append(synchronous: SLB_SYNC_NORMAL) })
            case .burst:
                figures += try runner.burst(sheetLog: sheetLog.burst, baseline: baseline.burst)
            case .ingestFile:
                let sides = try commandLineSides()
                figures += try runner.ingestFile(lines: sides.fileLineCount, sheetLog: sides.ingestFileRun, baseline: sides.shellRun)
            case .ingestEach:
                figures += try runner.ingestEach(sheetLog: try commandLineSides().eachRun,
                                                 baseline: { try baseline.appendEach(count: CommandLineSides.eachLines) })
            case .ingest:
                figures += try runner.ingest(sheetLog: sheetLog.ingest, baseline: baseline.ingest)
            case .rebuild:
                figures += try runner.rebuild(sheetLog: sheetLog.rebuild, baseline: baseline.scan)
            case .replay:
                figures += try runner.replay(sheetLog: sheetLog.replay, baseline: baseline.readStream(upTo:),
                                             sessionLength: workload.replayLength)
            case .recovery:
                figures += try runner.recovery(sheetLog: sheetLog.recovery)
            case .audit:
                figures += try runner.auditQuery(
                    sheetLog: sheetLog.auditQuery, baseline: baseline.auditQuery(events:),
                    describeRows: { "\(try baseline.auditRowCount(events: $0)) rows" })
            case .size:
                figures += try runner.size(sheetLog: sheetLog.size, baseline: baseline.size)
            case .sealed:
                figures += try runner.sealed(sheetLog.sealed)
            case .prunePause:
                let events = min(settings.events, 50_000)
                figures += try runner.prunePause(
                    events: events, sheetLog: { try sheetLog.prunePause(events, true) }, baseline: { try sheetLog.prunePause(events, false) })
            }
        }
        return figures
    }

    func progress(_ line: String) {
        FileHandle.standardError.write(Data("sheetlog-bench: \(line)\n".utf8))
    }
}
