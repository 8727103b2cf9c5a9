import Foundation
import SheetLogPostgresTestSupport
import SheetLogTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Faults in the middle of `sheetlog-server import` (the built binary, 10 events per transaction, on
/// a file of about 5,000 events): the import process killed with SIGKILL, or its PostgreSQL restarted
/// with `-m immediate`, leaves whole batches stored, in order, and a rerun stores the rest: nothing
/// lost, nothing twice. Each on a cluster of its own, so that a restart never cuts other tests'
/// connections.
@Suite(.serialized) struct ImportFaultTests {
    /// Small, so that the import is still running when the fault lands: at 100 events a batch, the
    /// faster import finished all 5,056 events before the kill in a clean-clone run.
    static let batchSize = 10
    static let file = Task { try await DeviceFile.make(seed: 5_000, appends: 0..<2_000) }

    @Test func anImportKilledMidwayKeepsWholeBatchesAndARerunStoresTheRest() async throws {
        let cluster = try await PostgresCluster.dedicated()
        defer { cluster.stop() }
        let file = try await Self.file.value
        let expected = try file.rows()
        let fleet = try await FleetDatabase.fresh(on: cluster)

        let process = try Self.startImport(fleet, file)
        try await Self.waitForRows(fleet, process)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        let stored = try await fleet.rows(device: "d")
        #expect(stored.count < expected.count, "killed before the end")
        #expect(stored.count % Self.batchSize == 0, "whole batches only: \(stored.count)")
        #expect(stored == Array(expected.prefix(stored.count)))

        try await Self.expectRerunCompletes(fleet, file, expected: expected, alreadyStored: stored.count)
    }

    /// Starts `import` of `file` as device d: with `--device`, or with `--device-per-file` given
    /// `named` (a link to the file named d.sqlite: the bulk load, on a connection reused from file to file).
    static func startImport(_ fleet: FleetDatabase, _ file: DeviceFile, named link: String? = nil, stderr: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = ImportCommandTests.server
        if let link {
            process.arguments = ["import", "--postgres", fleet.url, "--device-per-file", "--batch-size", String(batchSize), link]
        } else {
            process.arguments = ["import", "--postgres", fleet.url, "--device", "d", "--batch-size", String(batchSize), file.path]
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr ?? FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits until the import has committed some batches (and is still running).
    private static func waitForRows(_ fleet: FleetDatabase, _ process: Process) async throws {
        for _ in 0..<600 {
            // Until the import has migrated the database, there is no events table to count.
            let stored = (try? await fleet.count("SELECT count(*) FROM events WHERE device = $1", device: "d")) ?? 0
            if stored >= Int64(2 * batchSize) { return }
            try #require(process.isRunning, "the import ended before it was interrupted")
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("the import stored nothing within 12 s")
    }

    private static func expectRerunCompletes(_ fleet: FleetDatabase, _ file: DeviceFile, expected: [EventRow], alreadyStored: Int) async throws {
        let rerun = try ProductBinary.run(ImportCommandTests.server, ["import", "--postgres", fleet.url, "--device", "d", file.path])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stdout.hasPrefix("imported \(expected.count - alreadyStored) events of device d"), "\(rerun.stdout)")
        #expect(try await fleet.rows(device: "d") == expected)
        #expect(try await fleet.fleetPositionsGapFree())
        #expect(try await fleet.count("SELECT count(*) FROM dismissals WHERE device = $1", device: "d")
            == Int64(expected.filter { $0.type == "attemptDismiss" }.count))
    }

    @Test(arguments: [false, true]) func aServerRestartedMidImportEndsInOneLineAndARerunStoresTheRest(devicePerFile: Bool) async throws {
        let cluster = try await PostgresCluster.dedicated()
        defer { cluster.stop() }
        let file = try await Self.file.value
        let expected = try file.rows()
        let fleet = try await FleetDatabase.fresh(on: cluster)

        let stderr = Pipe()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-fault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("d.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file.path)
        let process = try Self.startImport(fleet, file, named: devicePerFile ? link : nil, stderr: stderr)
        try await Self.waitForRows(fleet, process)
        try await cluster.restartImmediately()
        // Bounded: the bug was an import that waited for ever.
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning {
            Issue.record("the import still runs 60 s after the restart (pid \(process.processIdentifier))")
            process.terminate()
        }
        process.waitUntilExit()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1, "\(message)")
        #expect(message.hasPrefix("sheetlog-server: ") && message.split(separator: "\n").count == 1, "\(message)")
        #expect(message.contains("\(cluster.user)@\(cluster.host):\(cluster.port)/\(fleet.name)"), "\(message)")

        let stored = try await fleet.rows(device: "d")
        #expect(stored.count < expected.count)
        #expect(stored.count % Self.batchSize == 0, "whole batches only: \(stored.count)")
        #expect(stored == Array(expected.prefix(stored.count)))

        try await Self.expectRerunCompletes(fleet, file, expected: expected, alreadyStored: stored.count)
    }

}
