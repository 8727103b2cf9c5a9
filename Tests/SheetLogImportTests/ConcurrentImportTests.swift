import Foundation
import SheetLogTestSupport
import Testing

/// Writers of one device at the same time, as they really run: two `sheetlog-server import`
/// processes of the same file (a support ticket's file loaded twice), and a `rebuild` while an import
/// runs. The device's lock and the fleet's append lock must leave each event stored once, positions
/// gap-free, and read models equal to the file's.
@Suite struct ConcurrentImportTests {
    static let file = Task { try await DeviceFile.make(seed: 7_100, appends: 0..<1_200, name: "twice.sqlite") }

    @Test func twoImportsOfOneDeviceAtOnceStoreEachEventOnceWithTheFilesReadModels() async throws {
        let file = try await Self.file.value
        let expected = try file.rows()
        let fleet = try await FleetDatabase.fresh()
        let arguments = ["import", "--postgres", fleet.url, "--device", "twice", "--batch-size", "25", file.path]

        async let first = ProductBinary.runOffThePool(ImportCommandTests.server, arguments)
        async let second = ProductBinary.runOffThePool(ImportCommandTests.server, arguments)
        let runs = try await [first, second]

        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        let imported = try runs.map { run in
            let match = try #require(run.stdout.firstMatch(of: /^imported (\d+) events? of device twice/), "\(run.stdout)")
            return Int(match.1)!
        }
        #expect(imported.reduce(0, +) == expected.count, "each event stored by one of the two: \(imported)")
        #expect(try await fleet.rows(device: "twice") == expected)
        #expect(try await fleet.fleetPositionsGapFree())
        #expect(try await ImportedReadModelTests.differences(file, fleet, device: "twice") == [])
    }

    @Test func aRebuildDuringAnImportLeavesTheFilesReadModels() async throws {
        let file = try await Self.file.value
        let expected = try file.rows()
        let fleet = try await FleetDatabase.fresh()
        let importing = Task {
            try await ProductBinary.runOffThePool(
                ImportCommandTests.server, ["import", "--postgres", fleet.url, "--device", "twice", "--batch-size", "10", file.path])
        }
        var rebuilt = 0
        while rebuilt < 3 {
            // Until the import has migrated the database, there is no events table to count.
            let stored = (try? await fleet.count("SELECT count(*) FROM events WHERE device = $1", device: "twice")) ?? 0
            if stored > 0 {
                let rebuild = try await ProductBinary.runOffThePool(
                    ImportCommandTests.server, ["rebuild", "--postgres", fleet.url, "--device", "twice"])
                #expect(rebuild.status == 0, "\(rebuild.stderr)")
                rebuilt += 1
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        let run = try await importing.value
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try await fleet.rows(device: "twice") == expected)
        #expect(try await ImportedReadModelTests.differences(file, fleet, device: "twice") == [])
    }
}
