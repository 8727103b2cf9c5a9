import Foundation
import SheetLogPostgresTestSupport
import SheetLogTestSupport
import Testing

/// `sheetlog-server sessions --postgres`: `sheetlog sessions` of each device of the fleet store, as a user runs it.
@Suite struct FleetSessionsCommandTests {
    @Test func oneDeviceListsWhatSheetlogListsOfItsFileEachRowWithTheDevice() async throws {
        let (fleet, file) = try await FleetReadCommandTests.importedDemo(devices: ["demo-phone", "demo-tablet"])
        defer { file.remove() }
        for filters in [[String](), ["--active-at", "2026-01-01T09:20:03Z"], ["--route", "newExpense", "--has-draft"]] {
            let local = try await InProcessCommand.run(.sheetlog, ["--db", file.path, "sessions", "--json"] + filters)
            #expect(local.status == 0, "\(local.stderr)")
            let expected = try #require(try JSONSerialization.jsonObject(with: Data(local.stdout.utf8)) as? [[String: Any]])
            let run = try await InProcessCommand.run(.sheetlogServer, ["sessions", "--postgres", fleet.url, "--device", "demo-tablet", "--json"] + filters)
            #expect(run.status == 0, "\(run.stderr)")
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
            #expect(rows.map { $0["device"] as? String } == Array(repeating: "demo-tablet", count: expected.count), "\(filters)")
            let withoutDevice = rows.map { row in row.filter { $0.key != "device" } as NSDictionary }
            #expect(withoutDevice == expected.map { $0 as NSDictionary }, "\(filters)")
        }
    }

    @Test func everyDeviceInDeviceOrderAsTextJSONAndCSV() async throws {
        let (fleet, file) = try await FleetReadCommandTests.importedDemo(devices: ["demo-tablet", "demo-phone"])
        defer { file.remove() }
        let json = try await InProcessCommand.run(.sheetlogServer, ["sessions", "--postgres", fleet.url, "--active-at", "2026-01-01T09:20:03Z", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { "\($0["device"] ?? "")/\($0["session"] ?? "")" } == ["demo-phone/demo-stack", "demo-tablet/demo-stack"])
        let csv = try await InProcessCommand.run(.sheetlogServer, ["sessions", "--postgres", fleet.url, "--csv"])
        #expect(csv.stdout.hasPrefix("device,session,events,firstAt,lastAt,routes,presentations,openDrafts,blocked,discarded\r\n"))
        #expect(csv.stdout.split(separator: "\r\n").count == 13)
        let text = try await InProcessCommand.run(.sheetlogServer, ["sessions", "--postgres", fleet.url, "--has-draft"])
        #expect(text.stdout.hasPrefix("DEVICE       SESSION"), "\(text.stdout)")
        #expect(text.stdout.split(separator: "\n").count == 3)
        let unknown = try await InProcessCommand.run(.sheetlogServer, ["sessions", "--postgres", fleet.url, "--device", "nope"])
        #expect(unknown.status == 1)
        FleetReadCommandTests.expectOneLine(unknown, containing: "no device nope", ["sessions"])
        let usage = try await InProcessCommand.run(.sheetlogServer, ["sessions", "--postgres", fleet.url, "--active-at", "noon"])
        #expect(usage.status == 2, "\(usage.stderr)")
    }
}
