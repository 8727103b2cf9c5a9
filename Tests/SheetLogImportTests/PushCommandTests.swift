import Foundation
@testable import SheetLogPostgres
import SheetLogTestSupport
import Testing

/// `sheetlog push` as a user runs it, against a real collector process on a real PostgreSQL: what
/// it prints, its exit status, what the fleet then holds, and its cursor across runs, kills and refusals.
@Suite struct PushCommandTests {
    static let sheetlog = ProductBinary.url("sheetlog")

    static func push(_ file: DeviceFile, _ collector: CollectorProcess, device: String, tokenFile: String, extra: [String] = []) async throws -> ProductBinary.Run {
        try await InProcessCommand.run(
            .sheetlog, ["--db", file.path, "push", "--to", collector.url, "--device", device, "--token-file", tokenFile] + extra)
    }

    static func tokenFile(_ token: String, in file: DeviceFile) throws -> String {
        let path = file.directory.appendingPathComponent("token").path
        try Data((token + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(.timeLimit(.minutes(8)))
    func aPushSendsWhatTheCollectorLacksAndARerunSendsNothing() async throws {
        let file = try await DeviceFile.make(seed: 43_000, appends: 0..<80)
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let fleet = try await FleetDatabase.fresh()
        let collector = try await CollectorProcess(fleet: fleet)
        let tokenFile = try Self.tokenFile(try await collector.token(for: "tablet"), in: file)
        let first = try await Self.push(file, collector, device: "tablet", tokenFile: tokenFile, extra: ["--batch", "30"])
        let count = try file.rows().count
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "pushed \(count) events in \((count + 29) / 30) batches to \(collector.url) as tablet: the collector stores through position \(count)\n")
        let again = try await Self.push(file, collector, device: "tablet", tokenFile: tokenFile)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == "nothing new to push to \(collector.url) as tablet: this file's cursor says the collector acknowledged through position \(count) (nothing was sent)\n")
        try await file.append(seed: 43_000, appends: 80..<120)
        let more = try await Self.push(file, collector, device: "tablet", tokenFile: tokenFile)
        let added = try file.rows().count - count
        #expect(more.status == 0 && more.stdout.contains("pushed \(added) events in 1 batch to"), "\(more.stdout)")
        #expect(try await fleet.rows(device: "tablet") == (try file.rows()))
        let log = try collector.stop()
        #expect(CollectorProcess.eventsAcknowledged(in: log) == (try file.rows()).count)
    }

    @Test(.timeLimit(.minutes(8)))
    func aPushKilledMidBatchResumesFromItsCursorSendingAtMostOneBatchAgain() async throws {
        let file = try await DeviceFile.make(seed: 44_000, appends: 0..<60)
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let fleet = try await FleetDatabase.fresh()
        let collector = try await CollectorProcess(fleet: fleet)
        let tokenFile = try Self.tokenFile(try await collector.token(for: "killed"), in: file)
        try await PostgresEventStore.open(url: fleet.url, device: "killed").close()
        // The kill lands while the collector holds the client's third batch, waiting for the device's
        // lock, which the test holds: mid-batch, always (a kill timed by polling found, under
        // a whole suite's load, the push already done). Released, the batch commits for a client gone.
        try await fleet.withConnection { gate in
            let (key, device) = (PostgresEventStore.deviceLockClass, "killed")
            try await gate.query("SELECT pg_advisory_lock(\(key), hashtext(\(device)))", logger: FleetDatabase.logger)
            let process = Process()
            process.executableURL = Self.sheetlog
            process.arguments = ["--db", file.path, "push", "--to", collector.url, "--device", "killed", "--token-file", tokenFile, "--batch", "4"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            for _ in 0..<2 {
                try await ImportFaultTests.waitUntilWaiting(gate, process)
                try await gate.query(
                    """
                    WITH released AS MATERIALIZED (SELECT pg_advisory_unlock(\(key), hashtext(\(device))))
                    SELECT pg_advisory_lock(\(key), hashtext(\(device))) FROM released
                    """,
                    logger: FleetDatabase.logger)
            }
            try await ImportFaultTests.waitUntilWaiting(gate, process)
            kill(process.processIdentifier, SIGKILL)
            try process.requireExit(within: .seconds(30))
            try await gate.query("SELECT pg_advisory_unlock(\(key), hashtext(\(device)))", logger: FleetDatabase.logger)
        }
        // The cut batch commits once the lock is released, whenever the collector gets to it: under a
        // whole suite's load that took longer than a fixed pause.
        var stored = try await fleet.rows(device: "killed").count
        let deadline = ContinuousClock.now + .seconds(30)
        while stored < 12 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            stored = try await fleet.rows(device: "killed").count
        }
        let total = try file.rows().count
        #expect(stored == 12, "two batches let through, and the one the kill cut, committed after it")
        let rerun = try await Self.push(file, collector, device: "killed", tokenFile: tokenFile, extra: ["--batch", "4"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try await fleet.rows(device: "killed") == (try file.rows()))
        let log = try collector.stop()
        #expect(CollectorProcess.eventsAcknowledged(in: log) <= total + 4, "one batch sent twice at most")
    }

    @Test(.timeLimit(.minutes(8)))
    func everyRefusalIsOneLineExit1AndStoresNothing() async throws {
        let file = try await DeviceFile.make(seed: 45_000, appends: 0..<40)
        let prefix = try file.copy()
        try await file.append(seed: 45_000, appends: 40..<60)
        let forked = try await DeviceFile.make(seed: 45_000, appends: 0..<40)
        defer { [file, prefix, forked].forEach { try? FileManager.default.removeItem(at: $0.directory) } }
        let fleet = try await FleetDatabase.fresh()
        let collector = try await CollectorProcess(fleet: fleet, extra: ["--max-batch-events", "50"])
        let token = try await collector.token(for: "phone")
        let tokenFile = try Self.tokenFile(token, in: file)
        let otherTokenFile = try Self.tokenFile(try await collector.token(for: "other"), in: forked)

        let wrongDevice = try await Self.push(file, collector, device: "phone", tokenFile: otherTokenFile)
        let oversized = try await Self.push(file, collector, device: "phone", tokenFile: tokenFile, extra: ["--batch", "60"])
        let missing = try await Self.push(file, collector, device: "phone", tokenFile: file.directory.appendingPathComponent("nope").path)
        for (run, expected) in [(wrongDevice, "HTTP 403 forbidden"), (oversized, "HTTP 413 payloadTooLarge"), (missing, "cannot read the token file")] {
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.hasPrefix("sheetlog: ") && run.stderr.contains(expected), "\(run.stderr)")
            #expect(run.stderr.filter { $0 == "\n" }.count == 1 && run.stdout.isEmpty, "\(run.stderr)")
            #expect(!run.stderr.contains(token))
        }
        #expect(try await fleet.rows(device: "phone").isEmpty)

        #expect(try await Self.push(file, collector, device: "phone", tokenFile: tokenFile, extra: ["--batch", "50"]).status == 0)
        let fork = try await Self.push(forked, collector, device: "phone", tokenFile: try Self.tokenFile(token, in: forked), extra: ["--batch", "50"])
        #expect(fork.status == 1 && fork.stderr.contains("HTTP 409 fork") && fork.stderr.contains("forked"), "\(fork.stderr)")
        let shorter = try await Self.push(prefix, collector, device: "phone", tokenFile: try Self.tokenFile(token, in: prefix), extra: ["--batch", "50"])
        #expect(shorter.status == 1 && shorter.stderr.contains("which this file does not hold"), "\(shorter.stderr)")
        #expect(try await fleet.rows(device: "phone") == (try file.rows()), "neither the fork nor the shorter copy changed the fleet")
        _ = try collector.stop()
    }

    @Test(.timeLimit(.minutes(8)))
    func followPushesEventsAsTheyAreRecorded() async throws {
        let file = try await DeviceFile.make(seed: 46_000, appends: 0..<30)
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let fleet = try await FleetDatabase.fresh()
        let collector = try await CollectorProcess(fleet: fleet)
        let tokenFile = try Self.tokenFile(try await collector.token(for: "follower"), in: file)
        let process = Process()
        process.executableURL = Self.sheetlog
        process.arguments = ["--db", file.path, "push", "--to", collector.url, "--device", "follower", "--token-file", tokenFile, "--follow"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        try await fleet.waitForEvents(atLeast: Int64(try file.rows().count))
        for round in 1...3 {
            try await file.append(seed: 46_000, appends: (30 * round)..<(30 * round + 30))
            try await fleet.waitForEvents(atLeast: Int64(try file.rows().count))
        }
        #expect(process.isRunning, "--follow keeps running")
        #expect(try await fleet.rows(device: "follower") == (try file.rows()))
        _ = try collector.stop()
    }
}
