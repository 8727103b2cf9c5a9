import Foundation
import SheetLogPostgresTestSupport
import SheetLogTestSupport
import Testing

/// `sheetlog-server import` as a user runs it: the built binary on a file `sheetlog demo` wrote.
@Suite struct ImportCommandTests {
    static let server = ProductBinary.url("sheetlog-server")

    /// `sheetlog demo`'s file in a folder of its own.
    static func demoFile() throws -> DeviceFile {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = DeviceFile(directory: directory, path: directory.appendingPathComponent("demo.sqlite").path)
        let demo = try InProcessCommand.run(.sheetlog, ["--db", file.path, "demo", "--plain"])
        try #require(demo.status == 0, "\(demo.stderr)")
        return file
    }

    @Test func theDemosFileIsImportedRowForRowAndARerunAddsNothing() async throws {
        let file = try Self.demoFile()
        defer { file.remove() }
        let expected = try file.rows()
        let last = try #require(expected.last)
        let fleet = try await FleetDatabase.fresh()

        let run = try await InProcessCommand.run(.sheetlogServer, ["import", "--postgres", fleet.url, "--device", "demo-phone", file.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout == "imported \(expected.count) events of device demo-phone: stored through position \(last.position), chain head \(last.chainHex)\n")
        #expect(try await fleet.rows(device: "demo-phone") == expected)

        // The URL from the environment, the summary as JSON; nothing new to store.
        let rerun = try await InProcessCommand.run(.sheetlogServer, ["import", "--device", "demo-phone", "--json", file.path], environment: ["SHEETLOG_POSTGRES": fleet.url])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(rerun.stdout.utf8)) as? [String: Any])
        #expect(object["device"] as? String == "demo-phone")
        #expect(object["imported"] as? Int == 0)
        #expect(object["storedThrough"] as? Int == Int(last.position))
        #expect(object["chainHead"] as? String == last.chainHex)
        #expect(rerun.stdout.hasSuffix("}\n") && rerun.stdout.split(separator: "\n").count == 1)
        #expect(try await fleet.rows(device: "demo-phone") == expected)
    }

    @Test func devicePerFileImportsEachFileAsItsNamedDeviceAndARefusedFileStopsNoOther() async throws {
        let files = try (0..<3).map { _ in try Self.demoFile() }
        defer { files.forEach { $0.remove() } }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = ["ipad-1", "ipad-2", "ipad-3"].map { directory.appendingPathComponent("\($0).sqlite").path }
        for (file, path) in zip(files, paths) { try FileManager.default.copyItem(atPath: file.path, toPath: path) }
        try DeviceFile(directory: directory, path: paths[1]).tamper { db in try db.execute(sql: "UPDATE events SET stream = stream || 'x' WHERE position = 3") }
        // Each demo has ids and times of its own.
        let first = try files[0].rows(), third = try files[2].rows()
        let fleet = try await FleetDatabase.fresh()

        // One job: the three files on one connection, the one after the refused file too.
        let run = try await InProcessCommand.run(.sheetlogServer, ["import", "--postgres", fleet.url, "--device-per-file", "--jobs", "1"] + paths)
        #expect(run.status == 1)
        #expect(run.stdout.split(separator: "\n").map(String.init) == [("ipad-1", first), ("ipad-3", third)].map { device, rows in
            "imported \(rows.count) events of device \(device): stored through position \(rows.count), chain head \(rows.last?.chainHex ?? "")"
        }, "\(run.stdout)")
        #expect(run.stderr.hasPrefix("sheetlog-server: \(paths[1]): ") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("at position 3 "), "\(run.stderr)")
        #expect(try await fleet.rows(device: "ipad-1") == first)
        #expect(try await fleet.rows(device: "ipad-2").isEmpty)
        #expect(try await fleet.rows(device: "ipad-3") == third)
        #expect(try await fleet.devicePositionsGapFree())

        let rerun = try await InProcessCommand.run(.sheetlogServer, ["import", "--postgres", fleet.url, "--device-per-file", "--jobs", "3", "--json", paths[0], paths[2]])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let objects = try rerun.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["device"] as? String } == ["ipad-1", "ipad-3"])
        #expect(objects.map { $0["imported"] as? Int } == [0, 0])
    }

    @Test(arguments: [
        (["--device", "d", "a.sqlite", "b.sqlite"], "exactly one file"),
        (["--device", "d", "--device-per-file", "a.sqlite"], "cannot be used together"),
        (["a.sqlite"], "--device is required"),
        (["--device-per-file", "x/a.sqlite", "y/a.sqlite"], "are both device a"),
        (["--device-per-file", "--jobs", "0", "a.sqlite"], "--jobs must be 1 to 64"),
    ])
    func importUsageErrorsExit2(arguments: [String], message: String) async throws {
        let run = try await InProcessCommand.run(.sheetlogServer, ["import", "--postgres", "postgres://nobody@127.0.0.1:1/none"] + arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func anEditedFileExits1WithOneLineNamingThePositionAndStoresNothing() async throws {
        let file = try Self.demoFile()
        defer { file.remove() }
        try file.tamper { db in try db.execute(sql: "UPDATE events SET stream = stream || 'x' WHERE position = 3") }
        let fleet = try await FleetDatabase.fresh()
        let run = try await InProcessCommand.run(.sheetlogServer, ["import", "--postgres", fleet.url, "--device", "d", file.path])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("sheetlog-server: ") && run.stderr.hasSuffix("\n") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("at position 3 "), "\(run.stderr)")
        #expect(try await fleet.rows(device: "d").isEmpty)
    }

    @Test func aWrongAddressOrPasswordIsOneLineNamingWhereWithoutThePasswordExit1() async throws {
        let file = try Self.demoFile()
        defer { file.remove() }
        let cluster = try await PostgresCluster.shared()
        let (user, _) = cluster.passwordUser
        for (url, place) in [
            ("postgres://sheetlog:s3cret-pw@127.0.0.1:1/fleet", "sheetlog@127.0.0.1:1/fleet"),
            ("postgres://\(user):s3cret-pw@127.0.0.1:\(cluster.port)/postgres", "\(user)@127.0.0.1:\(cluster.port)/postgres"),
        ] {
            let run = try await InProcessCommand.run(.sheetlogServer, ["import", "--postgres", url, "--device", "d", file.path])
            #expect(run.status == 1, "\(url)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(run.stderr.contains(place), "\(run.stderr)")
            #expect(!run.stderr.contains("s3cret-pw"), "\(run.stderr)")
        }
    }

    @Test func usageErrorsExit2() async throws {
        let file = try Self.demoFile()
        defer { file.remove() }
        let fleet = "postgres://sheetlog@127.0.0.1:1/fleet"
        for arguments in [
            ["import", "--postgres", fleet, file.path],  // no --device
            ["import", "--device", "d", file.path],  // no URL, none in the environment
            ["import", "--postgres", fleet, "--device", "d"],  // no file
            ["import", "--postgres", fleet, "--device", "d", "--batch-size", "0", file.path],
        ] {
            let run = try await InProcessCommand.run(.sheetlogServer, arguments, environment: ["SHEETLOG_POSTGRES": ""])
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
        }
    }
}
