import Foundation
import Synchronization
import SheetLogTestSupport
import Testing

/// Writers of one device at the same time, as they really run: two `sheetlog-server import`
/// processes of the same file (a support ticket's file loaded twice, both migrating a fresh
/// database), a `rebuild` while an import runs, and imports of a file the app is still appending to.
/// The device's lock must leave each event stored once, positions
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
        #expect(try await fleet.devicePositionsGapFree())
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

    @Test func importsOfAFileTheAppIsAppendingToStoreAPrefixEachTimeAndTheWholeAtTheEnd() async throws {
        let file = try await DeviceFile.make(seed: 7_300, appends: 0..<100, name: "growing.sqlite")
        defer { file.remove() }
        let fleet = try await FleetDatabase.fresh()
        let arguments = ["import", "--postgres", fleet.url, "--device", "growing", "--batch-size", "40", file.path]
        // The app: 20 more commits of 40 appends each, while imports run.
        let appended = Flag()
        let appending = Task {
            for start in stride(from: 100, to: 900, by: 40) { try await file.append(seed: 7_300, appends: start..<start + 40) }
            appended.value.withLock { $0 = true }
        }
        var storedThrough: [Int64] = []
        while true {
            let done = appended.value.withLock { $0 }
            let run = try await ProductBinary.runOffThePool(ImportCommandTests.server, arguments)
            #expect(run.status == 0, "\(run.stderr)")
            let match = try #require(run.stdout.firstMatch(of: /stored through position (\d+)/), "\(run.stdout)")
            storedThrough.append(Int64(match.1)!)
            if done { break }
        }
        try await appending.value
        let expected = try file.rows()
        #expect(storedThrough == storedThrough.sorted(), "each import continues the last: \(storedThrough)")
        #expect(storedThrough.last == Int64(expected.count), "the import after the last append stores the whole file")
        #expect(Set(storedThrough).count > 1, "an import ran while the app appended: \(storedThrough)")
        #expect(try await fleet.rows(device: "growing") == expected)
        #expect(try await ImportedReadModelTests.differences(file, fleet, device: "growing") == [])
    }

    private final class Flag: Sendable {
        let value = Mutex(false)
    }
}
