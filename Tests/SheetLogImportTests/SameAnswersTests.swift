import Foundation
import PostgresNIO
import SheetLogTestSupport
import Testing

/// The "same answers": a device's file imported with `sheetlog-server import`, then
/// `sheetlog-server audit|replay|recover|stats --postgres … --device D` answer what `sheetlog` answers on
/// the file, plus the device. Both sides are the built binaries; their JSON is compared parsed, the
/// `"device"` key added to `sheetlog`'s objects here, and the stored chain head is read with SQL.
@Suite struct SameAnswersTests {

    /// A device's file and the fresh fleet database it was imported into.
    struct ImportedDevice {
        let file: DeviceFile
        let fleet: FleetDatabase
        let device: String
    }

    struct ImportFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// The files the answers are compared on.
    enum Fixture: String, CaseIterable, CustomTestStringConvertible {
        case demo
        case workload

        var testDescription: String { rawValue }

        var imported: ImportedDevice {
            get async throws {
                switch self {
                case .demo: try await SameAnswersTests.demo.value
                case .workload: try await SameAnswersTests.workload.value
                }
            }
        }
    }

    static let demo = Task { try await importing(try ImportCommandTests.demoFile(), device: "demo-phone") }

    /// At least 20,000 events of the seeded workload (8,400 appends of 1 to 4 events), made and imported
    /// once per test process: every test of the suite reads the same import.
    ///
    /// Over 40 sessions, not the workload's default 3: its command chooser sorts every presentation of
    /// a session for each command it picks, so making the file costs the square of a session's length —
    /// 112 s for 20,000 events over 3 sessions in a debug build, about 8 s over 40.
    static let workload = Task { try await importing(try await DeviceFile.make(seed: 15_020, appends: 0..<8_400, sessions: 40), device: "phone-20k") }

    static func importing(_ file: DeviceFile, device: String) async throws -> ImportedDevice {
        let fleet = try await FleetDatabase.fresh()
        let run = try await InProcessCommand.run(.sheetlogServer, ["import", "--postgres", fleet.url, "--device", device, file.path])
        guard run.status == 0 else { throw ImportFailed(description: "import exited \(run.status): \(run.stderr)") }
        return ImportedDevice(file: file, fleet: fleet, device: device)
    }

    /// `sheetlog … --db FILE` and `sheetlog-server … --postgres URL --device D`, each required to exit 0.
    static func both(_ imported: ImportedDevice, _ arguments: [String]) async throws -> (file: String, fleet: String) {
        let alone = try await InProcessCommand.run(.sheetlog, arguments + ["--db", imported.file.path])
        try #require(alone.status == 0, "sheetlog \(arguments): \(alone.stderr)")
        let fleet = try await InProcessCommand.run(.sheetlogServer, arguments + ["--postgres", imported.fleet.url, "--device", imported.device])
        try #require(fleet.status == 0, "sheetlog-server \(arguments): \(fleet.stderr)")
        #expect(fleet.stderr.isEmpty)
        return (alone.stdout, fleet.stdout)
    }

    static func parsed(_ json: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
    }

    /// `sheetlog`'s JSON (an object, or an array of objects) with `"device": device` added to each object.
    static func withDevice(_ json: String, _ device: String) throws -> Any {
        func adding(_ value: Any) throws -> NSDictionary {
            var object = try #require(value as? [String: Any], "not an object: \(value)")
            #expect(object["device"] == nil)
            object["device"] = device
            return object as NSDictionary
        }
        let value = try parsed(json)
        if let array = value as? [Any] { return try array.map(adding) as NSArray }
        return try adding(value)
    }

    static func same(_ fleet: String, _ file: String, device: String) throws -> Bool {
        let (left, right) = (try parsed(fleet), try withDevice(file, device))
        if let left = left as? NSArray, let right = right as? NSArray { return left.isEqual(to: right as! [Any]) }
        if let left = left as? NSDictionary, let right = right as? NSDictionary { return left.isEqual(to: right as! [AnyHashable: Any]) }
        return false
    }

    @Test(arguments: Fixture.allCases)
    func auditIsSheetlogsPlusTheDevice(_ fixture: Fixture) async throws {
        let imported = try await fixture.imported
        let rows = try imported.file.rows()
        for filters in [[], ["--resolution", "discarded"], ["--source", "swipe", "--outcome", "blocked"], ["--session", rows[0].stream]] {
            let (file, fleet) = try await Self.both(imported, ["audit", "--json"] + filters)
            #expect(try Self.same(fleet, file, device: imported.device), "\(filters)")
            // Not two empty answers: every filter picks some of these logs' dismissals.
            #expect(try (Self.parsed(file) as? [Any])?.isEmpty == false, "\(filters)")
        }
        // CSV lines end in CRLF (RFC 4180); the last one too.
        let (file, fleet) = try await Self.both(imported, ["audit", "--csv"])
        let fileLines = file.components(separatedBy: "\r\n").dropLast()
        let expected = ["device," + fileLines[0]] + fileLines.dropFirst().map { "\(imported.device),\($0)" }
        let answered = Array(fleet.components(separatedBy: "\r\n").dropLast())
        #expect(answered.count == expected.count)
        #expect(answered.first == expected.first)
        // The first differing row, not two tables of 3,000 rows, when they differ.
        #expect(zip(answered, expected).first { $0 != $1 }.map { "\($0) ≠ \($1)" } == nil)
        #expect(fileLines.count - 1 == rows.filter { $0.type == "attemptDismiss" }.count)
    }

    /// The first session, the longest, and one where a draft was discarded (read from the file with
    /// SQLite), then others in log order up to three.
    static func sessionsToReplay(_ rows: [EventRow]) throws -> [String] {
        let first = rows[0].stream
        let longest = try #require(rows.max { $0.version < $1.version }).stream
        let discarded = try #require(rows.first { $0.type == "confirmDiscard" }, "no discarded draft").stream
        var chosen: [String] = []
        for session in [first, longest, discarded] + rows.map(\.stream) where !chosen.contains(session) {
            if chosen.count >= 3 && ![first, longest, discarded].contains(session) { break }
            chosen.append(session)
        }
        return chosen
    }

    @Test(arguments: Fixture.allCases)
    func replayIsSheetlogsPlusTheDevice(_ fixture: Fixture) async throws {
        let imported = try await fixture.imported
        let rows = try imported.file.rows()
        let sessions = try Self.sessionsToReplay(rows)
        #expect(sessions.count >= 3)
        for session in sessions {
            let (file, fleet) = try await Self.both(imported, ["replay", session, "--json"])
            #expect(try Self.same(fleet, file, device: imported.device), "\(session)")
            #expect((try Self.parsed(fleet) as? [Any])?.count == rows.filter { $0.stream == session }.count, "\(session)")
        }
        let (file, fleet) = try await Self.both(imported, ["replay", sessions[0], "--at", "3", "--json"])
        #expect(try Self.same(fleet, file, device: imported.device))
        #expect((try Self.parsed(fleet) as? [Any])?.count == 3)
        // The text is sheetlog's under a line naming the device.
        let text = try await Self.both(imported, ["replay", sessions[0], "--at", "5"])
        #expect(text.fleet == "device \(imported.device)\n" + text.file)
    }

    @Test(arguments: Fixture.allCases)
    func recoverIsSheetlogsPlusTheDevice(_ fixture: Fixture) async throws {
        let imported = try await fixture.imported
        let (file, fleet) = try await Self.both(imported, ["recover", "--json"])
        #expect(try Self.same(fleet, file, device: imported.device))
        #expect(try (Self.parsed(file) as? [Any])?.isEmpty == false)
        let text = try await Self.both(imported, ["recover"])
        #expect(text.fleet == "device \(imported.device)\n" + text.file)
    }

    @Test(arguments: Fixture.allCases)
    func statsAreSheetlogsPlusTheDevice(_ fixture: Fixture) async throws {
        let imported = try await fixture.imported
        let (file, fleet) = try await Self.both(imported, ["stats", "--json"])
        var expected = try #require(try Self.withDevice(file, imported.device) as? [String: Any])
        var answered = try #require(try Self.parsed(fleet) as? [String: Any])
        // The storage's size is the one figure a file and a fleet device cannot share.
        for key in ["fileBytes", "bytesPerEvent"] {
            #expect(answered[key] != nil && expected[key] != nil)
            expected[key] = nil
            answered[key] = nil
        }
        #expect(answered as NSDictionary == expected as NSDictionary)
        #expect(expected["events"] as? Int == (try imported.file.rows().count))
    }

    @Test(arguments: Fixture.allCases)
    func theStoredChainHeadIsTheFiles(_ fixture: Fixture) async throws {
        let imported = try await fixture.imported
        let rows = try imported.file.rows()
        let last = try #require(rows.last)
        if fixture == .workload { #expect(rows.count >= 20_000) }
        let stored = try await imported.fleet.withConnection { connection -> (Int64, String)? in
            let result = try await connection.query(
                "SELECT position, encode(chain, 'hex') FROM events WHERE device = \(imported.device) ORDER BY position DESC LIMIT 1",
                logger: FleetDatabase.logger)
            for try await row in result.decode((Int64, String).self) { return row }
            return nil
        }
        #expect(stored?.0 == last.position)
        #expect(stored?.1 == last.chainHex)
    }
}
