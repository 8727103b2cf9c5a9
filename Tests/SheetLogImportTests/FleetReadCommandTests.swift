import Foundation
import PostgresNIO
import SheetLogPostgresTestSupport
import SheetLogTestSupport
import Testing

/// `sheetlog-server replay|recover|rebuild --postgres` as a user runs them: exit codes and their one
/// line, and what rebuild does to a device's read models.
@Suite struct FleetReadCommandTests {

    /// The demo's file imported as each of `devices` into a fresh database.
    static func importedDemo(devices: [String] = ["demo-phone"]) async throws -> (fleet: FleetDatabase, file: DeviceFile) {
        let file = try ImportCommandTests.demoFile()
        let fleet = try await FleetDatabase.fresh()
        for device in devices {
            let run = try await InProcessCommand.run(.sheetlogServer, ["import", "--postgres", fleet.url, "--device", device, file.path])
            try #require(run.status == 0, "\(run.stderr)")
        }
        return (fleet, file)
    }

    static func expectOneLine(_ run: ProductBinary.Run, containing text: String, _ arguments: [String]) {
        #expect(run.stdout.isEmpty, "\(arguments)")
        #expect(run.stderr.hasPrefix("sheetlog-server: ") && run.stderr.hasSuffix("\n"), "\(arguments): \(run.stderr)")
        #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains(text), "\(arguments): \(run.stderr)")
    }

    static let readCommands = [
        ["replay", "demo-expense"], ["replay", "demo-expense", "--json"], ["recover"], ["recover", "--json"], ["recover", "list"],
        ["rebuild"], ["rebuild", "--json"],
    ]

    @Test func anUnknownDeviceIsOneLineExit1() async throws {
        let (fleet, file) = try await Self.importedDemo()
        defer { file.remove() }
        for arguments in Self.readCommands {
            let run = try await InProcessCommand.run(.sheetlogServer, arguments + ["--postgres", fleet.url, "--device", "nope"])
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            Self.expectOneLine(run, containing: "no device nope", arguments)
        }
    }

    @Test func replayWithoutADeviceIsAUsageErrorExit2() async throws {
        let (fleet, file) = try await Self.importedDemo()
        defer { file.remove() }
        let run = try await InProcessCommand.run(.sheetlogServer, ["replay", "demo-expense", "--postgres", fleet.url])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("--device is required"), "\(run.stderr)")
        for arguments in [
            ["replay", "demo-expense", "--device", "demo-phone", "--at", "0"],  // as sheetlog: a version is 1 or more
            ["replay", "--device", "demo-phone"],  // no session
            ["recover", "--device", "demo-phone", "--csv"],  // not an option of recover
        ] {
            let usage = try await InProcessCommand.run(.sheetlogServer, arguments + ["--postgres", fleet.url])
            #expect(usage.status == 2, "\(arguments): \(usage.stderr)")
        }
        for command in [["replay", "demo-expense", "--device", "demo-phone"], ["recover"], ["rebuild"]] {
            let noURL = try await InProcessCommand.run(.sheetlogServer, command, environment: ["SHEETLOG_POSTGRES": ""])
            #expect(noURL.status == 2, "\(command): \(noURL.stderr)")
        }
    }

    @Test func aWrongAddressOrPasswordIsOneLineExit1WithoutThePassword() async throws {
        let cluster = try await PostgresCluster.shared()
        let (user, _) = cluster.passwordUser
        for (url, place) in [
            ("postgres://sheetlog:s3cret-pw@127.0.0.1:1/fleet", "sheetlog@127.0.0.1:1/fleet"),
            ("postgres://\(user):s3cret-pw@127.0.0.1:\(cluster.port)/postgres", "\(user)@127.0.0.1:\(cluster.port)/postgres"),
        ] {
            for arguments in Self.readCommands {
                let run = try await InProcessCommand.run(.sheetlogServer, arguments + ["--postgres", url, "--device", "d"])
                #expect(run.status == 1, "\(arguments): \(run.stderr)")
                Self.expectOneLine(run, containing: place, arguments)
                #expect(!run.stderr.contains("s3cret-pw"), "\(run.stderr)")
            }
        }
    }

    @Test func anUnknownSessionOrAVersionPastItsEndIsSheetlogsLineExit1() async throws {
        let (fleet, file) = try await Self.importedDemo()
        defer { file.remove() }
        for arguments in [["replay", "nope"], ["replay", "demo-expense", "--at", "99"]] {
            let alone = try await InProcessCommand.run(.sheetlog, arguments + ["--db", file.path])
            #expect(alone.status == 1)
            let run = try await InProcessCommand.run(.sheetlogServer, arguments + ["--postgres", fleet.url, "--device", "demo-phone"])
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            let sentence = String(alone.stderr.dropFirst("sheetlog: ".count))
            #expect(!sentence.isEmpty && run.stderr == "sheetlog-server: " + sentence, "\(arguments): \(run.stderr) vs \(alone.stderr)")
        }
    }

    @Test func rebuildWritesADevicesReadModelsAgainAndLeavesTheOthers() async throws {
        let (fleet, file) = try await Self.importedDemo(devices: ["a-phone", "b-phone"])
        defer { file.remove() }
        let last = try #require(try file.rows().last).position
        let audit = { (device: String) in try await InProcessCommand.run(.sheetlogServer, ["audit", "--postgres", fleet.url, "--device", device, "--json"]).stdout }
        let before = try await audit("a-phone")
        let dismissals = try await fleet.count("SELECT count(*) FROM dismissals WHERE device = $1", device: "a-phone")
        #expect(dismissals > 0)
        // A read model damaged by hand (it has no append-only trigger): verify fails, the log is intact.
        try await fleet.withConnection { connection in
            _ = try await connection.query("DELETE FROM dismissals WHERE device = 'a-phone'", logger: FleetDatabase.logger)
            _ = try await connection.query("DELETE FROM sessions WHERE device = 'b-phone'", logger: FleetDatabase.logger)
        }
        #expect(try await InProcessCommand.run(.sheetlogServer, ["verify", "--postgres", fleet.url, "--device", "a-phone"]).status == 1)

        let one = try await InProcessCommand.run(.sheetlogServer, ["rebuild", "--postgres", fleet.url, "--device", "a-phone"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout == "device a-phone\nrebuilt the projections from the log (last position \(last))\n")
        #expect(try await fleet.count("SELECT count(*) FROM dismissals WHERE device = $1", device: "a-phone") == dismissals)
        #expect(try await audit("a-phone") == before)
        #expect(try await InProcessCommand.run(.sheetlogServer, ["verify", "--postgres", fleet.url, "--device", "a-phone"]).status == 0)
        // The other device's rows were not touched: still damaged.
        #expect(try await fleet.count("SELECT count(*) FROM sessions WHERE device = $1", device: "b-phone") == 0)

        let all = try await InProcessCommand.run(.sheetlogServer, ["rebuild", "--postgres", fleet.url, "--json"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout == #"[{"device":"a-phone","rebuilt":true},{"device":"b-phone","rebuilt":true}]"# + "\n")
        #expect(try await InProcessCommand.run(.sheetlogServer, ["verify", "--postgres", fleet.url]).status == 0)
        let json = try await InProcessCommand.run(.sheetlogServer, ["rebuild", "--postgres", fleet.url, "--device", "b-phone", "--json"])
        #expect(json.stdout == #"{"device":"b-phone","rebuilt":true}"# + "\n")
        // sheetlog's own shape, for comparison: the same object without the device.
        let alone = try await InProcessCommand.run(.sheetlog, ["rebuild", "--db", file.path, "--json"])
        #expect(alone.stdout == #"{"rebuilt":true}"# + "\n")
    }

    @Test func recoverWithoutADeviceListsEveryDeviceInOrder() async throws {
        let (fleet, file) = try await Self.importedDemo(devices: ["b-phone", "a-phone"])
        defer { file.remove() }
        let alone = try await InProcessCommand.run(.sheetlog, ["recover", "--db", file.path])
        let text = try await InProcessCommand.run(.sheetlogServer, ["recover", "--postgres", fleet.url])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == "device a-phone\n" + alone.stdout + "device b-phone\n" + alone.stdout)
        let json = try await InProcessCommand.run(.sheetlogServer, ["recover", "list", "--postgres", fleet.url, "--json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let drafts = try #require(try JSONSerialization.jsonObject(with: Data(try await InProcessCommand.run(.sheetlog, ["recover", "--db", file.path, "--json"]).stdout.utf8)) as? [Any])
        #expect(!drafts.isEmpty)
        #expect(objects.map { $0["device"] as? String } == Array(repeating: "a-phone", count: drafts.count) + Array(repeating: "b-phone", count: drafts.count))
    }
}
