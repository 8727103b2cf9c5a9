import Foundation
import SheetLog
import SheetLogCore
import SheetLogTestSupport
import Testing

/// `sheetlog-server import` of a pruned device file (issue 37 item 7): it continues where the fleet
/// already holds what the prune removed (a device new to the fleet starts at the base:
/// `FleetBaseImportTests`), and is refused where the history differs.
@Suite struct PrunedImportTests {
    /// A device file with sessions a, b (finished, 8 events) recorded 30 days before the clock's now.
    static func deviceFile() async throws -> (DeviceFile, ManualClock) {
        let file = try DeviceFile.unwritten()
        let clock = ManualClock()
        let database = try SheetLogDatabase.open(path: file.path, options: PrunedPushTests.options(clock))
        defer { try? database.close() }
        try await PrunedPushTests.finished(["a", "b"], in: database)
        clock.advance(by: 30 * PrunedPushTests.day)
        return (file, clock)
    }

    /// Prunes the file (everything older than 14 days) and records sessions `after`.
    static func prune(_ file: DeviceFile, _ clock: ManualClock, thenRecord after: [String]) async throws -> PruneReport {
        let database = try SheetLogDatabase.open(path: file.path, options: PrunedPushTests.options(clock))
        defer { try? database.close() }
        let report = try await database.prune(before: PrunedPushTests.cutoff(clock))
        try await PrunedPushTests.finished(after, in: database)
        return report
    }

    static func importFile(_ file: DeviceFile, as device: String, into fleet: FleetDatabase) async throws -> ProductBinary.Run {
        try await InProcessCommand.run(.sheetlogServer, ["import", "--postgres", fleet.url, "--device", device, file.path])
    }

    @Test func aPrunedFileContinuesWhereTheFleetHoldsItsPrunedPart() async throws {
        let (file, clock) = try await Self.deviceFile()
        defer { file.remove() }
        let fleet = try await FleetDatabase.fresh()
        let first = try await Self.importFile(file, as: "phone", into: fleet)
        #expect(first.status == 0, "\(first.stderr)")
        let beforePrune = try file.rows()

        let report = try await Self.prune(file, clock, thenRecord: ["c"])
        #expect(report.cutPosition == 8)
        let kept = try file.rows()
        let again = try await Self.importFile(file, as: "phone", into: fleet)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("imported \(kept.count) events of device phone: stored through position \(kept.last!.position)"), "\(again.stdout)")
        #expect(try await fleet.rows(device: "phone") == beforePrune + kept)
        let rerun = try await Self.importFile(file, as: "phone", into: fleet)
        #expect(rerun.status == 0 && rerun.stdout.hasPrefix("imported 0 events"), "\(rerun.stdout)\(rerun.stderr)")
        let verify = try await InProcessCommand.run(.sheetlogServer, ["verify", "--postgres", fleet.url])
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
    }

    @Test func aFleetWhoseHistoryDiffersAtTheCutRefusesIt() async throws {
        let (file, clock) = try await Self.deviceFile()
        defer { file.remove() }
        let (other, _) = try await Self.deviceFile()
        defer { other.remove() }
        let fleet = try await FleetDatabase.fresh()
        // Another file's history (its own ids and chain) stored as this device.
        #expect(try await Self.importFile(other, as: "phone", into: fleet).status == 0)
        let stored = try await fleet.rows(device: "phone")
        _ = try await Self.prune(file, clock, thenRecord: ["c"])

        let run = try await Self.importFile(file, as: "phone", into: fleet)
        #expect(run.status != 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("differs from the one stored for device phone at position 8"), "\(run.stderr)")
        #expect(try await fleet.rows(device: "phone") == stored, "nothing was imported")
    }
}
