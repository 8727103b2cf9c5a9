import Foundation
import SheetLog
import SheetLogPush
import SheetLogCore
import SheetLogPostgresTestSupport
import SheetLogTestSupport
import Synchronization
import Testing

/// Devices pushing their SQLite logs to a real `sheetlog-server serve --postgres` on loopback, on a
/// real PostgreSQL, through the library's pusher (URLSession): afterwards each device's rows equal
/// its file and its read models (the fleet audit's rows) equal the file's.
@Suite(.serialized) struct PushEndToEndTests {
    /// Pushes `files` as `devices` at once, each with its own pusher, and returns every state each reported.
    static func pushAll(
        _ files: [DeviceFile], devices: [String], to collector: CollectorProcess, batch: Int
    ) async throws -> [[PushState]] {
        var tokens: [String] = []
        for device in devices { tokens.append(try await collector.token(for: device)) }
        return try await withThrowingTaskGroup(of: (Int, [PushState]).self) { group in
            for (index, file) in files.enumerated() {
                let (device, token) = (devices[index], tokens[index])
                group.addTask {
                    let database = try SheetLogDatabase.open(path: file.path)
                    defer { try? database.close() }
                    let states = Mutex<[PushState]>([])
                    var limits = PushLimits.default
                    limits.maxEvents = batch
                    let task = try database.push(to: collector.url, device: device, token: token, follow: false, limits: limits) { state in
                        states.withLock { $0.append(state) }
                    }
                    let summary = try await task.result
                    #expect(summary.acknowledgedThrough == (try await database.lastPosition()), "\(device)")
                    return (index, states.withLock { $0 })
                }
            }
            var all = Array(repeating: [PushState](), count: files.count)
            for try await (index, states) in group { all[index] = states }
            return all
        }
    }

    /// Each device's rows and read models against its file, and the fleet's positions.
    static func expectStored(_ files: [DeviceFile], devices: [String], in fleet: FleetDatabase) async throws {
        for (file, device) in zip(files, devices) {
            #expect(try await fleet.rows(device: device) == (try file.rows()), "\(device)")
            #expect(try await ImportedReadModelTests.differences(file, fleet, device: device) == [], "\(device)")
        }
        #expect(try await fleet.devicePositionsGapFree())
        let verify = try await InProcessCommand.run(.sheetlogServer, ["verify", "--postgres", fleet.url])
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
    }

    static func files(_ count: Int, seed: UInt64, appends: Int) async throws -> [DeviceFile] {
        var files: [DeviceFile] = []
        for index in 0..<count {
            files.append(try await DeviceFile.make(seed: seed + UInt64(index), appends: 0..<appends, sessions: 2, name: "device-\(index).sqlite"))
        }
        return files
    }

    // 35 s alone on 2 cores; the whole suite's other tests share those cores meanwhile.
    @Test(.timeLimit(.minutes(8)))
    func aHundredDevicesPushAtOnceAndTheFleetHoldsEachFile() async throws {
        let files = try await Self.files(100, seed: 40_000, appends: 25)
        defer { files.forEach { try? FileManager.default.removeItem(at: $0.directory) } }
        let devices = (0..<100).map { "device-\($0)" }
        let fleet = try await FleetDatabase.fresh()
        let collector = try await CollectorProcess(fleet: fleet)
        _ = try await Self.pushAll(files, devices: devices, to: collector, batch: 20)
        let log = try collector.stop()
        try await Self.expectStored(files, devices: devices, in: fleet)
        var total = 0
        for file in files { total += try file.rows().count }
        #expect(CollectorProcess.eventsAcknowledged(in: log) == total, "a clean run sends each event once")
        #expect(!log.contains("sld_"), "no token in the collector's log")
    }

    @Test(.timeLimit(.minutes(8)))
    func aCollectorKilledMidPushIsRetriedUntilEveryDeviceIsStoredOnce() async throws {
        let files = try await Self.files(6, seed: 41_000, appends: 150)
        defer { files.forEach { try? FileManager.default.removeItem(at: $0.directory) } }
        let devices = (0..<6).map { "killed-collector-\($0)" }
        let fleet = try await FleetDatabase.fresh()
        let collector = try await CollectorProcess(fleet: fleet)
        let pushing = Task { try await Self.pushAll(files, devices: devices, to: collector, batch: 5) }
        try await fleet.waitForEvents(atLeast: 100)
        try collector.kill()
        try await Task.sleep(for: .milliseconds(500))
        try await collector.restart()
        let states = try await pushing.value
        let log = try collector.stop()
        try await Self.expectStored(files, devices: devices, in: fleet)
        #expect(states.contains { $0.contains { if case .backingOff = $0 { true } else { false } } }, "the pushers saw the collector gone")
        var total = 0
        for file in files { total += try file.rows().count }
        // The kill may cut each device's batch in flight after its commit: sent again, stored once.
        #expect(CollectorProcess.eventsAcknowledged(in: log) <= total + devices.count * 5)
    }

    @Test(.timeLimit(.minutes(8)))
    func postgresStoppedForAFewSecondsMeans503sThenEveryDeviceFinishes() async throws {
        let cluster = try await PostgresCluster.dedicated()
        defer { cluster.stop() }
        let files = try await Self.files(4, seed: 42_000, appends: 150)
        defer { files.forEach { try? FileManager.default.removeItem(at: $0.directory) } }
        let devices = (0..<4).map { "paused-store-\($0)" }
        let fleet = try await FleetDatabase.fresh(on: cluster)
        // At 5 batches a second a device needs seconds for its ~30 batches: the pushes are still
        // going when the store stops, however fast the machine.
        let collector = try await CollectorProcess(fleet: fleet, extra: ["--push-rate", "5"])
        let pushing = Task { try await Self.pushAll(files, devices: devices, to: collector, batch: 5) }
        try await fleet.waitForEvents(atLeast: 60)
        try await cluster.pause()
        // Longer than the collector's 5 s wait for a token check: a push that arrives now is answered 503.
        try await Task.sleep(for: .seconds(6))
        try await cluster.resume()
        let states = try await pushing.value
        let log = try collector.stop()
        try await Self.expectStored(files, devices: devices, in: fleet)
        #expect(log.contains(" 503 "), "the collector answered 503 while PostgreSQL was down")
        #expect(states.contains { $0.contains { if case let .backingOff(_, _, reason) = $0 { reason.contains("503") } else { false } } })
    }
}

/// Faults of the transport itself, on a real collector process.
@Suite struct PushConnectionFaultTests {
    /// Sends `bytes` on a fresh loopback connection to `port`, then closes it without reading.
    static func sendAndHangUp(_ bytes: [UInt8], port: Int) throws {
        let descriptor = try connected(port: port)
        defer { close(descriptor) }
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// A TCP connection to 127.0.0.1:`port`.
    static func connected(port: Int) throws -> Int32 {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EBADF) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
        return descriptor
    }

    /// Sends `bytes` on a fresh loopback connection to `port` and returns what comes back until the
    /// server closes the connection or a second passes without a byte.
    static func exchange(_ bytes: [UInt8], port: Int) throws -> String {
        let descriptor = try connected(port: port)
        defer { close(descriptor) }
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            reply += buffer.prefix(count)
        }
        return String(decoding: reply, as: UTF8.self)
    }

    @Test(.timeLimit(.minutes(8)))
    func aChunkedBodyOverTheLimitIsRefusedWith413NotAFailure() async throws {
        let fleet = try await FleetDatabase.fresh()
        let collector = try await CollectorProcess(fleet: fleet, extra: ["--max-batch-bytes", "65536"])
        let token = try await collector.token(for: "chunky")
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 32_768)
        var request = Array("POST /v1/devices/chunky/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n".utf8)
        for _ in 0..<4 { request += Array("8000\r\n".utf8) + chunk + Array("\r\n".utf8) }
        request += Array("0\r\n\r\n".utf8)
        let reply = try Self.exchange(request, port: collector.port)
        #expect(reply.hasPrefix("HTTP/1.1 413"), "\(reply.prefix(300))")
        #expect(reply.contains(#""code":"payloadTooLarge""#))
        let log = try collector.stop()
        #expect(!log.contains("error"), "\(log)")
    }

    @Test(.timeLimit(.minutes(8)))
    func aBodyCutHalfwayStoresNothingAndTheNextPushLands() async throws {
        let file = try await DeviceFile.make(seed: 47_000, appends: 0..<60)
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let fleet = try await FleetDatabase.fresh()
        let collector = try await CollectorProcess(fleet: fleet)
        let token = try await collector.token(for: "cut")
        let events = try await storedEvents(of: file)
        let body = PushBatch.encode(events)
        let head = "POST /v1/devices/cut/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/x-ndjson\r\nContent-Length: \(body.count)\r\n\r\n"
        for cut in [body.count / 2, body.count - 1, 10] {
            try Self.sendAndHangUp(Array(head.utf8) + body.prefix(cut), port: collector.port)
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await fleet.rows(device: "cut").isEmpty, "no part of a cut body is stored")
        let database = try SheetLogDatabase.open(path: file.path)
        defer { try? database.close() }
        let summary = try await database.push(to: collector.url, device: "cut", token: token, follow: false).result
        #expect(summary.acknowledgedThrough == Int64(events.count))
        #expect(try await fleet.rows(device: "cut") == (try file.rows()))
        _ = try collector.stop()
    }
}
