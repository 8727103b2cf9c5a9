import Foundation
import PostgresNIO
@testable import SheetLogPostgres
import SheetLogPostgresTestSupport
import SheetLogTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Faults in the middle of `sheetlog-server import` (the built binary, 10 events per transaction, on
/// a file of about 5,000 events): the import process killed with SIGKILL, or its PostgreSQL restarted
/// with `-m immediate`, leaves whole batches stored, in order, and a rerun stores the rest: nothing
/// lost, nothing twice. A restart runs on a cluster of its own, so that it never cuts other tests'
/// connections; a killed import only ends its own connection, on the shared cluster.
@Suite(.serialized) struct ImportFaultTests {
    /// Small, so that the two batches let through before a fault are a small part of the file.
    static let batchSize = 10
    static let file = Task { try await DeviceFile.make(seed: 5_000, appends: 0..<2_000) }

    @Test func anImportKilledMidwayKeepsWholeBatchesAndARerunStoresTheRest() async throws {
        let file = try await Self.file.value
        let expected = try file.rows()
        // The append lock is an advisory lock, which PostgreSQL keeps per database: other tests'
        // appends on the shared cluster never take this one.
        let fleet = try await FleetDatabase.fresh()
        let process = try await Self.importPausedAfterTwoBatches(fleet, file) { process in
            kill(process.processIdentifier, SIGKILL)
            try process.requireExit(within: .seconds(30))
        }
        #expect(process.terminationReason == .uncaughtSignal)

        let stored = try await fleet.rows(device: "d")
        #expect(stored.count == 2 * Self.batchSize, "the two batches let through, whole, and no more")
        #expect(stored == Array(expected.prefix(stored.count)))

        try await Self.expectRerunCompletes(fleet, file, expected: expected, alreadyStored: stored.count)
    }

    /// Starts `import` of `file` as device d and runs `fault` while the import waits for device d's
    /// lock, which the test holds, after it let exactly two batches through: mid-import,
    /// always. (A fault timed by polling the stored rows found, under a whole suite's load, the
    /// faster import already done.)
    static func importPausedAfterTwoBatches(
        _ fleet: FleetDatabase, _ file: DeviceFile, named link: String? = nil, stderr: Pipe? = nil, fault: (Process) async throws -> Void
    ) async throws -> Process {
        // The schema first, so that the lock can be taken before the import starts.
        try await PostgresEventStore.open(url: fleet.url, device: "d").close()
        return try await fleet.withConnection { gate in
            let (key, device) = (PostgresEventStore.deviceLockClass, "d")
            try await gate.query("SELECT pg_advisory_lock(\(key), hashtext(\(device)))", logger: FleetDatabase.logger)
            let process = try startImport(fleet, file, named: link, stderr: stderr)
            for _ in 0..<2 {
                try await waitUntilWaiting(gate, process)
                // One batch through: the unlock hands the lock to the waiting import, and in the same
                // statement (the materialized CTE runs first) this request queues behind it, so it
                // gets the lock back before the import asks again for its next batch. As two
                // statements, a loaded machine let 31 batches through between them.
                try await gate.query(
                    """
                    WITH released AS MATERIALIZED (SELECT pg_advisory_unlock(\(key), hashtext(\(device))))
                    SELECT pg_advisory_lock(\(key), hashtext(\(device))) FROM released
                    """,
                    logger: FleetDatabase.logger)
            }
            try await waitUntilWaiting(gate, process)
            try await fault(process)
            return process
        }
    }

    /// Waits until the import waits for an advisory lock (PostgreSQL's pg_locks says so).
    ///
    /// Only this test's database counts: the suite's other tests take the same device locks in theirs,
    /// on the same cluster, and one of their waiters once made this return before the process waited.
    static func waitUntilWaiting(_ connection: PostgresConnection, _ process: Process) async throws {
        for _ in 0..<1_500 {
            let rows = try await connection.query(
                """
                SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
                AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                """, logger: FleetDatabase.logger)
            for try await (waiting) in rows.decode(Int64.self) where waiting > 0 { return }
            try #require(process.isRunning, "the import ended while it should wait for the lock")
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("the import never waited for the device's lock within 30 s")
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

    private static func expectRerunCompletes(_ fleet: FleetDatabase, _ file: DeviceFile, expected: [EventRow], alreadyStored: Int) async throws {
        let rerun = try await InProcessCommand.run(.sheetlogServer, ["import", "--postgres", fleet.url, "--device", "d", file.path])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stdout.hasPrefix("imported \(expected.count - alreadyStored) events of device d"), "\(rerun.stdout)")
        #expect(try await fleet.rows(device: "d") == expected)
        #expect(try await fleet.devicePositionsGapFree())
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
        let process = try await Self.importPausedAfterTwoBatches(fleet, file, named: devicePerFile ? link : nil, stderr: stderr) { _ in
            try await cluster.restartImmediately()
        }
        // Bounded: the bug was an import that waited for ever.
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning {
            Issue.record("the import still runs 60 s after the restart (pid \(process.processIdentifier))")
            process.terminate()
        }
        try process.requireExit(within: .seconds(30))
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1, "\(message)")
        #expect(message.hasPrefix("sheetlog-server: ") && message.split(separator: "\n").count == 1, "\(message)")
        #expect(message.contains("\(cluster.user)@\(cluster.host):\(cluster.port)/\(fleet.name)"), "\(message)")

        let stored = try await fleet.rows(device: "d")
        // The test clusters run with synchronous_commit off (speed), so an immediate restart may take
        // the last commit with it: whole batches, in order, at most the two let through.
        #expect(stored.count <= 2 * Self.batchSize && stored.count % Self.batchSize == 0, "whole batches only: \(stored.count)")
        #expect(stored == Array(expected.prefix(stored.count)))

        try await Self.expectRerunCompletes(fleet, file, expected: expected, alreadyStored: stored.count)
    }

}
