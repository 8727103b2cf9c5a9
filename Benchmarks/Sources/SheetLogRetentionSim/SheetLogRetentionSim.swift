import ArgumentParser
import Foundation
import RetentionSimulation

/// `sheetlog-retention-sim`: a device's log over simulated days with a daily prune, measured each day
/// (issue 37 item 5), beside the same days without retention; writes a CSV and an SVG plot.
///
/// ```
/// sheetlog-retention-sim --days 120 --retention-days 14 --sealed --csv docs/images/retention-size.csv --svg docs/images/retention-size.svg
/// ```
@main
struct SheetLogRetentionSim: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheetlog-retention-sim",
        abstract: "Simulate days of an app's log with a daily prune, and measure the file after each day.")

    @Option(help: "Simulated days.")
    var days = 120

    @Option(help: "Days of log each daily prune keeps.")
    var retentionDays = 14

    @Option(help: "Minutes of typing a day (180 keystrokes, so 180 edit events, a minute).")
    var typingMinutes = 12

    @Option(help: "Launches (sessions) a day.")
    var launchesPerDay = 4

    @Flag(help: "Also run a sealed database (a master key, values sealed), plotted beside the plain one.")
    var sealed = false

    @Flag(help: "Leave a draft of day 1 open for ever (today it stops the cut).")
    var openDraft = false

    @Option(help: "The seed of the simulated person's choices.")
    var seed: UInt64 = 37

    @Option(help: "Write every day of every run here (CSV).")
    var csv: String

    @Option(help: "Write the file-size plot here (SVG).")
    var svg: String

    @Option(help: "Where the databases go (default: a new directory under the system's temp directory).")
    var workDir: String?

    func run() async throws {
        let directory = workDir ?? NSTemporaryDirectory() + "sheetlog-retention-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var lines = ["variant,retention_days,\(SimulatedDay.csvHeader)"]
        var series: [SizePlot.Series] = []
        var failed = false
        for variant in sealed ? ["plain", "sealed"] : ["plain"] {
            for retention in [retentionDays, nil] as [Int?] {
                let settings = SimulationSettings(
                    days: days, retentionDays: retention, sealed: variant == "sealed", openDraft: openDraft, typingMinutes: typingMinutes,
                    launchesPerDay: launchesPerDay, seed: seed)
                let name = "\(variant)-\(retention.map { "keep\($0)" } ?? "unpruned")"
                let started = ContinuousClock.now
                let run = try await MainActorRun.run(settings, path: "\(directory)/\(name).sqlite")
                let elapsed = ContinuousClock.now - started
                lines += run.days.map { "\(variant),\(retention.map(String.init) ?? "none"),\($0.csvFields)" }
                let last = run.days.last
                print("\(name): day \(days) file \(last?.fileBytes ?? 0) bytes, \(last?.events ?? 0) events, \(elapsed) \(run.problems.isEmpty ? "checks ok" : "PROBLEMS")")
                for problem in run.problems { print("  \(problem)") }
                failed = failed || !run.problems.isEmpty
                series.append(SizePlot.Series(
                    label: "\(variant), \(retention.map { "\($0)-day retention, pruned daily" } ?? "no retention")",
                    color: variant == "plain" ? "#1f77b4" : "#d62728", dashed: retention == nil, days: run.days))
            }
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        let title = "Log file over \(days) days: \(typingMinutes) min of typing a day\(openDraft ? ", one draft open since day 1" : "")"
        try SizePlot(title: title, series: series).svg().write(toFile: svg, atomically: true, encoding: .utf8)
        if workDir == nil { try? FileManager.default.removeItem(atPath: directory) }
        if failed { throw ExitCode(1) }
    }
}
