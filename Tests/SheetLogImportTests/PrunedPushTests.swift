import Foundation
import SheetLog
import SheetLogCore
import SheetLogPush
import SheetLogTestSupport
import Testing

/// A device log that prunes while it pushes to a real collector (the live server on loopback, a real
/// PostgreSQL): the fleet holds every event once, and a collector that never acknowledged the
/// pruned part is told so instead of being sent a log that starts in the middle (issue 37 item 7).
@Suite(.serialized) struct PrunedPushTests {
    static let day: Int64 = 86_400_000

    /// Sessions that end with nothing on their stack, so that a prune may remove them.
    static func finished(_ sessions: [String], in database: SheetLogDatabase) async throws {
        for session in sessions {
            try await database.record(.present(presentation: "p1", route: Route(name: "newExpense")), in: session)
            try await database.record(.edit(field: "amount", value: "12.50"), in: session)
            try await database.record(.save(), in: session)
            try await database.record(.endSession, in: session)
        }
    }

    static func options(_ clock: ManualClock) -> SheetLogDatabase.Options {
        var options = SheetLogDatabase.Options(clock: clock)
        options.durability = .normal
        return options
    }

    static func cutoff(_ clock: ManualClock) -> Date {
        Date(timeIntervalSince1970: Double(clock.nowMilliseconds() - 14 * day) / 1_000)
    }

    @Test(.timeLimit(.minutes(8)))
    func pushBeforeAndAfterAPruneStoresEveryEventOnce() async throws {
        let harness = try await CollectorHarness.make(device: "pruning")
        defer { harness.close() }
        let file = try DeviceFile.unwritten()
        defer { file.remove() }
        let clock = ManualClock()
        let database = try SheetLogDatabase.open(path: file.path, options: Self.options(clock))
        defer { try? database.close() }

        try await harness.run(.live) { client in
            let collector = "http://127.0.0.1:\(client.port!)"
            try await Self.finished(["a", "b", "c"], in: database)
            _ = try await database.push(to: collector, device: harness.device, token: harness.deviceToken, follow: false).result
            let beforePrune = try file.rows()

            clock.advance(by: 30 * Self.day)
            let report = try await database.prune(before: Self.cutoff(clock))
            #expect(report.removedEvents == Int64(beforePrune.count), "every acknowledged event of a finished session may go")
            try await Self.finished(["d", "e"], in: database)
            let summary = try await database.push(to: collector, device: harness.device, token: harness.deviceToken, follow: false).result
            #expect(summary.acknowledgedThrough == (try await database.lastPosition()))

            let kept = try file.rows()
            #expect(kept.first?.position == report.cutPosition + 1)
            let fleet = try await harness.fleet.rows(device: harness.device)
            #expect(fleet == beforePrune + kept, "the fleet holds the pruned part once and the kept part once")
        }
    }

    @Test(.timeLimit(.minutes(8)))
    func aCollectorThatNeverAcknowledgedThePrunedPartIsToldSo() async throws {
        let harness = try await CollectorHarness.make(device: "late")
        defer { harness.close() }
        let file = try DeviceFile.unwritten()
        defer { file.remove() }
        let clock = ManualClock()
        let database = try SheetLogDatabase.open(path: file.path, options: Self.options(clock))
        defer { try? database.close() }
        try await Self.finished(["a", "b"], in: database)
        clock.advance(by: 30 * Self.day)
        let report = try await database.prune(before: Self.cutoff(clock))
        #expect(report.cutPosition == 8)
        try await Self.finished(["c"], in: database)

        try await harness.run(.live) { client in
            let collector = "http://127.0.0.1:\(client.port!)"
            let push = try database.push(to: collector, device: harness.device, token: harness.deviceToken, follow: false)
            let error = await #expect(throws: SheetLogError.self) { _ = try await push.result }
            #expect(error?.code == .pruned, "\(String(describing: error))")
            #expect(error?.message.contains("pruned through position 8") == true, "\(String(describing: error))")
            #expect(error?.message.contains(collector) == true, "names the collector: \(String(describing: error))")
        }
        #expect(try await harness.fleet.rows(device: harness.device).isEmpty, "nothing of a log that starts mid-way reaches the fleet")
    }

    /// A device started at its base by an import (new to the fleet) then pushes: from its cut, not
    /// from its never-used cursor, and the collector takes it.
    @Test(.timeLimit(.minutes(8)))
    func aDeviceStartedAtItsBaseByAnImportThenPushes() async throws {
        let harness = try await CollectorHarness.make(device: "imported")
        defer { harness.close() }
        let file = try DeviceFile.unwritten()
        defer { file.remove() }
        let clock = ManualClock()
        let database = try SheetLogDatabase.open(path: file.path, options: Self.options(clock))
        defer { try? database.close() }
        try await Self.finished(["a", "b"], in: database)
        try await database.record(.present(presentation: "p1", route: Route(name: "newExpense")), in: "draft")
        try await database.record(.edit(field: "amount", value: "7.10"), in: "draft")
        clock.advance(by: 30 * Self.day)
        let report = try await database.prune(before: Self.cutoff(clock))
        #expect(report.cutPosition == 10 && report.carriedSessions == 1, "\(report)")
        try await Self.finished(["c"], in: database)
        let imported = try await InProcessCommand.run(
            .sheetlogServer, ["import", "--postgres", harness.fleet.url, "--device", harness.device, file.path])
        #expect(imported.status == 0 && imported.stdout.contains("new to the fleet"), "\(imported.stdout)\(imported.stderr)")

        try await harness.run(.live) { client in
            let collector = "http://127.0.0.1:\(client.port!)"
            try await database.record(.edit(field: "amount", value: "7.20"), in: "draft")
            try await Self.finished(["d"], in: database)
            let summary = try await database.push(to: collector, device: harness.device, token: harness.deviceToken, follow: false).result
            #expect(summary.acknowledgedThrough == (try await database.lastPosition()))
        }
        #expect(try await harness.fleet.rows(device: harness.device) == (try file.rows()), "every kept event once, from the cut on")
    }
}
