import Foundation
import SheetLog
import SheetLogFleet
import PostgresNIO
import SheetLogTestSupport
import Testing

/// `sheetlog-server audit --postgres URL`, run as the binary runs it (in process), against `sheetlog audit` on a SQLite file
/// holding the same commands: the same rows plus each one's device.
@Suite("sheetlog-server audit --postgres")
struct FleetAuditBinaryTests {

    /// `sheetlog audit --json` objects with a `device` key added.
    static func withDevice(_ json: String, _ device: String) throws -> [NSDictionary] {
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return array.map { object in
            var object = object
            object["device"] = device
            return object as NSDictionary
        }
    }

    static func objects(_ json: String) throws -> [NSDictionary] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]).map { $0 as NSDictionary }
    }

    /// `sheetlog audit --csv` with a `device` column first.
    static func withDevice(csv: String, _ device: String) -> [Substring] {
        csv.split(separator: "\n").dropFirst().map { "\(device),\($0)" }
    }

    @Test(.timeLimit(.minutes(8)))
    func auditIsSheetlogsPlusTheDevice() async throws {
        let url = try await TestFleet.migratedURL()
        let devices = ["a-\(TestFleet.device())", "b-\(TestFleet.device())"]
        for device in devices {
            let clock = ManualClock()
            let database = try await SheetLogDatabase.openFleet(url: url, device: device, options: .init(clock: clock))
            try await ServeFleetBinaryTests.record(into: database, clock: clock)
            try database.close()
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-fleet-audit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("device.sqlite").path
        let clock = ManualClock()
        let file = try SheetLogDatabase.open(path: path, options: .init(clock: clock))
        try await ServeFleetBinaryTests.record(into: file, clock: clock)
        try file.close()

        for filters in [[], ["--outcome", "blocked"]] {
            let alone = try await InProcessCommand.run(.sheetlog, ["audit", "--db", path, "--json"] + filters)
            let aloneCSV = try await InProcessCommand.run(.sheetlog, ["audit", "--db", path, "--csv"] + filters)
            #expect(alone.status == 0, "\(alone.stderr)")
            var union: [NSDictionary] = []
            var unionCSV: [Substring] = []
            for device in devices {
                let fleet = try await InProcessCommand.run(.sheetlogServer, ["audit", "--postgres", url, "--device", device, "--json"] + filters)
                #expect(fleet.status == 0, "\(fleet.stderr)")
                #expect(try Self.objects(fleet.stdout) == Self.withDevice(alone.stdout, device))
                let fleetCSV = try await InProcessCommand.run(.sheetlogServer, ["audit", "--postgres", url, "--device", device, "--csv"] + filters)
                #expect(fleetCSV.stdout.hasPrefix("device,position,session,"))
                #expect(Array(fleetCSV.stdout.split(separator: "\n").dropFirst()) == Self.withDevice(csv: aloneCSV.stdout, device))
                union += try Self.withDevice(alone.stdout, device)
                unionCSV += Self.withDevice(csv: aloneCSV.stdout, device)
            }
            let all = try await InProcessCommand.run(.sheetlogServer, ["audit", "--postgres", url, "--json"] + filters)
            #expect(all.status == 0, "\(all.stderr)")
            #expect(try Self.objects(all.stdout) == union)
            let allCSV = try await InProcessCommand.run(.sheetlogServer, ["audit", "--postgres", url, "--csv"] + filters)
            #expect(Array(allCSV.stdout.split(separator: "\n").dropFirst()) == unionCSV)
        }
        #expect(try !Self.objects(await InProcessCommand.run(.sheetlogServer, ["audit", "--postgres", url, "--json"]).stdout).isEmpty)
        let text = try await InProcessCommand.run(.sheetlogServer, ["audit", "--postgres", url])
        #expect(text.stdout.hasPrefix("DEVICE"))
        #expect(text.stdout.contains(devices[0]) && text.stdout.contains(devices[1]))

        let unknown = try await InProcessCommand.run(.sheetlogServer, ["audit", "--postgres", url, "--device", "nope"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("sheetlog-server: "))
        let noSession = try await InProcessCommand.run(.sheetlogServer, ["audit", "--postgres", url, "--device", devices[0], "--session", "nope"])
        #expect(noSession.status == 1, "\(noSession.stderr)")
        // Without --device, a session no device has is refused as sheetlog refuses it on a file.
        let nowhere = try await InProcessCommand.run(.sheetlogServer, ["audit", "--postgres", url, "--session", "nope"])
        #expect(nowhere.status == 1, "\(nowhere.stderr)")
        #expect(nowhere.stdout.isEmpty)
        #expect(nowhere.stderr.hasPrefix("sheetlog-server: no session nope on any device") && nowhere.stderr.split(separator: "\n").count == 1, "\(nowhere.stderr)")
        let audit = try await InProcessCommand.run(.sheetlog, ["audit", "--db", path, "--json"])
        let session = try #require(try Self.objects(audit.stdout).first?["session"] as? String)
        let somewhere = try await InProcessCommand.run(.sheetlogServer, ["audit", "--postgres", url, "--session", session, "--json"])
        #expect(somewhere.status == 0, "\(somewhere.stderr)")
        #expect(Set(try Self.objects(somewhere.stdout).compactMap { $0["device"] as? String }) == Set(devices))
    }

    @Test("usage errors exit 2", arguments: [
        ["audit", "--postgres", "postgres://x@127.0.0.1/x", "--json", "--csv"], ["audit", "--postgres", "postgres://x@127.0.0.1/x", "--outcome", "nope"],
        ["audit", "--postgres", "postgres://x@127.0.0.1/x", "--since", "yesterday"],
    ])
    func usageErrors(arguments: [String]) async throws {
        #expect(try await InProcessCommand.run(.sheetlogServer, arguments).status == 2)
    }

    @Test("an unreachable server: one line, exit 1, never the password")
    func unreachable() async throws {
        let run = try await InProcessCommand.run(.sheetlogServer, ["audit", "--postgres", "postgres://sheetlog:s3cret-pw@127.0.0.1:1/fleet"])
        #expect(run.status == 1)
        #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
        #expect(!run.stderr.contains("s3cret"))
    }
}

/// `sheetlog-server verify --postgres URL`: `sheetlog verify --json` plus the device, per device; a
/// tampered row fails that device, exit 1.
@Suite("sheetlog-server verify --postgres")
struct FleetVerifyBinaryTests {
    @Test(.timeLimit(.minutes(8)))
    func verifyIsSheetlogsPlusTheDevice() async throws {
        let url = try await TestFleet.migratedURL()
        let devices = ["a-\(TestFleet.device())", "b-\(TestFleet.device())"]
        for device in devices {
            let clock = ManualClock()
            let database = try await SheetLogDatabase.openFleet(url: url, device: device, options: .init(clock: clock))
            try await ServeFleetBinaryTests.record(into: database, clock: clock)
            try database.close()
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-fleet-verify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("device.sqlite").path
        let clock = ManualClock()
        let file = try SheetLogDatabase.open(path: path, options: .init(clock: clock))
        try await ServeFleetBinaryTests.record(into: file, clock: clock)
        try file.close()

        let alone = try await InProcessCommand.run(.sheetlog, ["verify", "--db", path, "--json"])
        #expect(alone.status == 0, "\(alone.stderr)")
        var aloneObject = try #require(try JSONSerialization.jsonObject(with: Data(alone.stdout.utf8)) as? [String: Any])
        // Checks are the storage's own (SQLite's integrity_check, PostgreSQL's triggers): compare the counts and verdict.
        aloneObject["checks"] = nil
        var expected: [NSDictionary] = []
        for device in devices {
            let one = try await InProcessCommand.run(.sheetlogServer, ["verify", "--postgres", url, "--device", device, "--json"])
            #expect(one.status == 0, "\(one.stderr)")
            var object = try #require(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any])
            #expect(object["device"] as? String == device)
            #expect((object["checks"] as? [Any])?.isEmpty == false)
            object["checks"] = nil
            var withDevice = aloneObject
            withDevice["device"] = device
            #expect(object as NSDictionary == withDevice as NSDictionary)
            expected.append(withDevice as NSDictionary)
        }
        let all = try await InProcessCommand.run(.sheetlogServer, ["verify", "--postgres", url, "--json"])
        #expect(all.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { var o = $0; o["checks"] = nil; return o as NSDictionary } == expected)

        #expect(try await InProcessCommand.run(.sheetlogServer, ["verify", "--postgres", url, "--device", "nope"]).status == 1)

        try await TestFleet.withConnection(url) { connection in
            try await connection.query("BEGIN", logger: TestFleet.logger)
            try await connection.query("SET LOCAL session_replication_role = replica", logger: TestFleet.logger)
            try await connection.query("DELETE FROM events WHERE device = \(devices[1]) AND position = 1", logger: TestFleet.logger)
            try await connection.query("COMMIT", logger: TestFleet.logger)
        }
        let tampered = try await InProcessCommand.run(.sheetlogServer, ["verify", "--postgres", url])
        #expect(tampered.status == 1)
        #expect(tampered.stdout.contains("device \(devices[0])\n") && tampered.stdout.contains("NOT healthy"))
        #expect(tampered.stderr.hasPrefix("sheetlog-server: verify failed: device \(devices[1]): "), "\(tampered.stderr)")
        #expect(try await InProcessCommand.run(.sheetlogServer, ["verify", "--postgres", url, "--device", devices[0]]).status == 0)
    }
}

/// `sheetlog-server stats --postgres URL`: `sheetlog stats --json` plus the device, per device.
@Suite("sheetlog-server stats --postgres")
struct FleetStatsBinaryTests {
    @Test(.timeLimit(.minutes(8)))
    func statsAreSheetlogsPlusTheDevice() async throws {
        let url = try await TestFleet.migratedURL()
        let devices = ["a-\(TestFleet.device())", "b-\(TestFleet.device())"]
        for device in devices {
            let clock = ManualClock()
            let database = try await SheetLogDatabase.openFleet(url: url, device: device, options: .init(clock: clock))
            try await ServeFleetBinaryTests.record(into: database, clock: clock)
            try database.close()
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-fleet-stats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("device.sqlite").path
        let clock = ManualClock()
        let file = try SheetLogDatabase.open(path: path, options: .init(clock: clock))
        try await ServeFleetBinaryTests.record(into: file, clock: clock)
        try file.close()

        let alone = try await InProcessCommand.run(.sheetlog, ["stats", "--db", path, "--json"])
        #expect(alone.status == 0, "\(alone.stderr)")
        var expected = try #require(try JSONSerialization.jsonObject(with: Data(alone.stdout.utf8)) as? [String: Any])
        // The storage's size is the one thing a fleet device and a file cannot share.
        expected["fileBytes"] = nil
        expected["bytesPerEvent"] = nil
        let all = try await InProcessCommand.run(.sheetlogServer, ["stats", "--postgres", url, "--json"])
        #expect(all.status == 0, "\(all.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["device"] as? String } == devices)
        for object in array {
            var object = object
            let device = object["device"] as? String
            object["device"] = nil
            object["fileBytes"] = nil
            object["bytesPerEvent"] = nil
            #expect(object as NSDictionary == expected as NSDictionary, "\(device ?? "?")")
        }
        let one = try await InProcessCommand.run(.sheetlogServer, ["stats", "--postgres", url, "--device", devices[1]])
        #expect(one.status == 0)
        #expect(one.stdout.hasPrefix("device \(devices[1])\nSTATISTIC"))
        #expect(try await InProcessCommand.run(.sheetlogServer, ["stats", "--postgres", url, "--device", "nope"]).status == 1)
    }
}
