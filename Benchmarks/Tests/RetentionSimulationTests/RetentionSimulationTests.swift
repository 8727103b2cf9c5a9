import Foundation
import RetentionSimulation
import SheetLog
import Testing

/// The retention simulation at a small size (20 days, 3 kept, a minute of typing a day): the file's
/// size reaches a bound and stays there, far below the same days without retention, and the kept
/// log still answers. The 120-day figure is `Scripts/retention-sim.sh`'s.
@MainActor
@Suite("retention simulation")
struct RetentionSimulationTests {
    static let days = 20

    func run(retentionDays: Int?, openDraft: Bool = false, sealed: Bool = false) async throws -> (days: [SimulatedDay], problems: [String]) {
        let directory = NSTemporaryDirectory() + "retention-sim-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let settings = SimulationSettings(
            days: Self.days, retentionDays: retentionDays, sealed: sealed, openDraft: openDraft, typingMinutes: 1, launchesPerDay: 2,
            killEveryDays: 3)
        let simulation = RetentionSimulation(settings: settings, path: directory + "/sim.sqlite")
        let days = try await simulation.run()
        return (days, try await simulation.finalProblems())
    }

    @Test("with a 3-day retention pruned daily the file stays bounded, far below the unpruned file")
    func boundedWithRetention() async throws {
        let pruned = try await run(retentionDays: 3)
        let unpruned = try await run(retentionDays: nil)
        #expect(pruned.problems.isEmpty, "\(pruned.problems)")
        #expect(unpruned.problems.isEmpty, "\(unpruned.problems)")
        let day6 = pruned.days[5], day20 = pruned.days[Self.days - 1]
        // From day 5 the log holds 3–4 days: later days differ only by the workload's draws and page rounding.
        #expect(Double(day20.fileBytes) <= 1.5 * Double(day6.fileBytes), "day 6: \(day6.fileBytes) bytes, day 20: \(day20.fileBytes)")
        #expect(day20.events <= 2 * day6.events, "day 6: \(day6.events) events, day 20: \(day20.events)")
        #expect(day20.cutPosition > 0 && pruned.days.contains { $0.removedEvents > 0 && $0.bytesFreed > 0 })
        #expect(day20.walBytes == 0, "the checkpoint truncates the WAL")
        let unprunedDay20 = unpruned.days[Self.days - 1]
        #expect(2 * day20.fileBytes < unprunedDay20.fileBytes, "pruned \(day20.fileBytes) bytes, unpruned \(unprunedDay20.fileBytes)")
        #expect(unprunedDay20.events > 3 * unpruned.days[5].events, "the unpruned log keeps growing")
    }

    @Test("a draft left open on day 1 is still offered with its value after every prune; today it stops the cut")
    func openDraftSurvives() async throws {
        let run = try await run(retentionDays: 3, openDraft: true)
        #expect(run.problems.isEmpty, "\(run.problems)")
        // Until its state is carried across the cut (issue 37's next slice), the open session holds
        // the cut before its first event (position 1): nothing goes. Once it is carried, the file is
        // bounded as without it.
        let held = run.days.allSatisfy { $0.cutPosition == 0 } && run.days.last?.stoppedBy.hasPrefix("session forever (from position 1)") == true
        let bounded = Double(run.days[Self.days - 1].fileBytes) <= 1.5 * Double(run.days[5].fileBytes)
        #expect(held || bounded, "\(run.days.map { ($0.day, $0.cutPosition, $0.fileBytes, $0.stoppedBy) })")
    }

    @Test("a sealed database stays bounded too")
    func sealedBounded() async throws {
        let run = try await run(retentionDays: 3, sealed: true)
        #expect(run.problems.isEmpty, "\(run.problems)")
        #expect(Double(run.days[Self.days - 1].fileBytes) <= 1.5 * Double(run.days[5].fileBytes))
    }
}
