import Foundation
import SheetLog
import SheetLogFleet
import SheetLogPostgres
import SheetLogTestSupport
import SheetLogViewerTestSupport
import Testing

/// `sheetlog-server serve --postgres URL`, the real binary: the viewer over every device of the fleet
/// store answers for each device with the bytes the file viewer gives for a SQLite file holding the
/// same commands.
@Suite("sheetlog-server serve --postgres")
struct ServeFleetBinaryTests {
    static let executable = ProductBinary.url("sheetlog-server")

    /// Records the same seeded commands at the same times into `database`.
    static func record(into database: SheetLogDatabase, clock: ManualClock) async throws {
        var states: [String: SessionState] = [:]
        for step in 0..<30 {
            clock.set(milliseconds: Int64(1_767_225_600_000 + step * 1_000))
            var chooser = CommandChooser(7_000 + step)
            let session = chooser.pick(["s1", "s2"])
            let state = states[session] ?? SessionState(sessionID: session)
            let drafts = try await database.recoverableDrafts().map(\.reference)
            let command = chooser.command(for: state, freshID: "p\(step)", drafts: drafts)
            if let result = try? await database.record(command, in: session, occurredAt: clock.nowMilliseconds()) {
                states[session] = result.state
            }
        }
    }

    /// A stats answer without `fileBytes` and `bytesPerEvent`.
    /// The drafts with every non-empty value withheld (`{"withheld":true}`), as the fleet viewer masks them.
    static func masked(_ body: String) throws -> NSArray {
        let drafts = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: Any]])
        return drafts.map { draft in
            var draft = draft
            for key in ["values", "baseline"] {
                let values = draft[key] as? [String: Any] ?? [:]
                draft[key] = values.mapValues { value -> Any in
                    if let text = value as? String, text.isEmpty { return text }
                    return value is NSNull ? value : ["withheld": true] as NSDictionary
                }
            }
            return draft as NSDictionary
        } as NSArray
    }

    static func withoutSize(_ body: String) throws -> NSDictionary {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        object["fileBytes"] = nil
        object["bytesPerEvent"] = nil
        return object as NSDictionary
    }

    @Test(.timeLimit(.minutes(8)))
    func eachDeviceAnswersAsItsFile() async throws {
        let url = try await TestFleet.migratedURL()
        let devices = ["b-\(TestFleet.device())", "A-\(TestFleet.device())"]
        for device in devices {
            let clock = ManualClock()
            let database = try await SheetLogDatabase.openFleet(url: url, device: device, options: .init(clock: clock))
            try await Self.record(into: database, clock: clock)
            try database.close()
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-serve-fleet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("device.sqlite").path
        let clock = ManualClock()
        let file = try SheetLogDatabase.open(path: path, options: .init(clock: clock))
        try await Self.record(into: file, clock: clock)
        try file.close()

        let tokens = try await PostgresTokenStore.open(url: url)
        let token = try await tokens.add(.revealer("support"))
        tokens.close()
        let fleetServer = try ServerProcess.start(executable: Self.executable, arguments: ["serve", "--postgres", url, "--port", "0"])
        #expect(try await HTTP.get(fleetServer.url.appendingPathComponent("api/devices")).status == 401, "reading the fleet takes a reader token")
        let fileServer = try ServerProcess.start(executable: Self.executable, database: path)
        let deviceList = try await HTTP.get(fleetServer.url.appendingPathComponent("api/devices"), bearer: token)
        #expect(deviceList.status == 200)
        let listed = try JSONSerialization.jsonObject(with: Data(deviceList.body.utf8))
        #expect("\(listed)".contains(devices[0]) && "\(listed)".contains(devices[1]), "\(deviceList.body)")
        let home = try await HTTP.get(fleetServer.url, bearer: token)
        #expect(home.status == 200)
        #expect(home.body.contains(devices[0]) && home.body.contains(devices[1]))
        var compared = 0
        for device in devices {
            for resource in ["sessions", "audit", "drafts", "stats", "sessions/s1/replay", "sessions/s2/replay?at=5"] {
                // A fleet replay shows values within a reveal of its session; without one, masked.
                var fleetResource = resource
                if resource.hasPrefix("sessions/s") {
                    let session = String(resource.dropFirst("sessions/".count).prefix(2))
                    let reveal = try await HTTP.request(
                        try #require(URL(string: "api/devices/\(device)/reveal?session=\(session)", relativeTo: fleetServer.url)), method: "POST", bearer: token)
                    let id = try #require((try JSONSerialization.jsonObject(with: reveal.body) as? [String: Any])?["reveal"] as? Int)
                    fleetResource += (resource.contains("?") ? "&" : "?") + "reveal=\(id)"
                }
                let fleet = try await HTTP.get(try #require(URL(string: "api/devices/\(device)/\(fleetResource)", relativeTo: fleetServer.url)), bearer: token)
                let alone = try await HTTP.get(try #require(URL(string: "api/devices/local/\(resource)", relativeTo: fileServer.url)))
                #expect(fleet.status == 200, "\(device) \(resource): \(fleet.body)")
                #expect(fleet.status == alone.status)
                if resource == "stats" {
                    // The storage's size is the one thing a fleet device and a file cannot share.
                    #expect(try Self.withoutSize(fleet.body) == Self.withoutSize(alone.body), "\(device) \(resource)")
                } else if resource == "drafts" {
                    // Many sessions' drafts: masked in the fleet, the rest as the file says.
                    #expect(try Self.masked(alone.body) == Self.masked(fleet.body), "\(device) \(resource)")
                } else {
                    #expect(fleet.body == alone.body, "\(device) \(resource)")
                }
                compared += 1
            }
        }
        #expect(compared == 12)
        let unknown = try await HTTP.get(fleetServer.url.appendingPathComponent("api/devices/nope-\(UUID().uuidString)/audit"), bearer: token)
        #expect(unknown.status == 404)
        let exit = try fleetServer.stop()
        _ = try fileServer.stop()
        #expect(exit.status == 0, "\(exit.stderr)")
        #expect(exit.stdout.hasSuffix("sheetlog-server: stopped\n"))
        #expect(!exit.stdout.contains("password"))
    }

    @Test("--db with --postgres is a usage error, exit 2")
    func dbAndPostgres() async throws {
        let run = try await ProductBinary.runOffThePool(Self.executable, ["serve", "--db", "x.sqlite", "--postgres", "postgres://sheetlog@127.0.0.1/x", "--port", "0"])
        #expect(run.status == 2, "\(run.stderr)")
    }

    @Test("an unreachable server or a refused login: one line, exit 1, never the password",
          .timeLimit(.minutes(8)))
    func unreachable() async throws {
        let good = try #require(URLComponents(string: try await TestFleet.migratedURL()))
        var refused = good
        refused.user = "nobody-\(UUID().uuidString.prefix(6))"
        refused.password = "s3cret-pw"
        var closedPort = good
        closedPort.port = 1
        closedPort.password = "s3cret-pw"
        for url in [refused, closedPort].compactMap(\.string) {
            let run = try await ProductBinary.runOffThePool(Self.executable, ["serve", "--postgres", url, "--port", "0"])
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.hasPrefix("sheetlog-server: "))
            #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
            #expect(!run.stderr.contains("s3cret"))
            #expect(run.stdout.isEmpty)
        }
    }
}
