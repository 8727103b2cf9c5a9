import Foundation
import Hummingbird
import HummingbirdTesting
import SheetLogTestSupport
import Testing

/// The fleet viewer's erasures of a device: its pushed `eraseSubject` events, as `sheetlog erasures`
/// lists them on the device's file, then the collector's erasures that apply to it (of every device,
/// or of this one). Through the real binaries, PostgreSQL and the viewer's router.
@Suite(.timeLimit(.minutes(5))) struct FleetErasuresTests {
    static let lines = """
        {"session":"g1","type":"present","presentation":"item","route":{"name":"editItem"},"baseline":{"title":"Desk lamp"},"subject":"gina"}
        {"session":"g1","type":"edit","field":"title","value":"Floor lamp"}
        {"session":"h1","type":"present","presentation":"item","route":{"name":"editItem"},"subject":"hal"}
        {"session":"i1","type":"present","presentation":"item","route":{"name":"editItem"},"subject":"ivy"}

        """

    @Test func aDevicesErasuresAndTheCollectorsThatApplyToIt() async throws {
        let directory = try TemporaryDirectory("fleet-erasures")
        let key = directory.path("master.key"), file = directory.path("device.sqlite")
        #expect(try await InProcessCommand.run(.sheetlog, ["keygen", key]).status == 0)
        #expect(try await InProcessCommand.run(
            .sheetlog, ["--db", file, "--key-file", key, "ingest", "-"], input: Data(Self.lines.utf8)).status == 0)
        let erase = try await InProcessCommand.run(
            .sheetlog, ["--db", file, "--key-file", key, "erase", "--subject", "gina", "--requested-by", "ticket 5"])
        #expect(erase.status == 0, "\(erase.stderr)")
        let onDevice = try await InProcessCommand.run(.sheetlog, ["--db", file, "erasures", "--json"])
        let deviceRows = try #require(try JSONSerialization.jsonObject(with: Data(onDevice.stdout.utf8)) as? [NSDictionary])
        #expect(deviceRows.count == 1 && deviceRows.first?["closedSessions"] as? [String] == ["g1"], "the control: \(onDevice.stdout)")
        let deviceRow = try Self.canonical(try #require(deviceRows.first))

        let harness = try await CollectorHarness.make(device: "dev1")
        defer { harness.close() }
        for device in ["dev1", "dev2"] {
            let imported = try await InProcessCommand.run(.sheetlogServer, ["import", "--postgres", harness.fleet.url, "--device", device, file])
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        for arguments in [["--subject", "hal", "--requested-by", "ops-1"], ["--subject", "ivy", "--device", "dev2", "--requested-by", "ops-2"]] {
            let erased = try await InProcessCommand.run(.sheetlogServer, ["erase", "--postgres", harness.fleet.url] + arguments)
            #expect(erased.status == 0, "\(erased.stderr)")
        }

        let bearer: HTTPFields = [.authorization: "Bearer \(harness.readerToken)"]
        try await harness.run(.router) { client in
            let one = try await client.fetch("/api/devices/dev1/erasures", headers: bearer)
            #expect(one.status == .ok, "\(one.body)")
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(one.body.utf8)) as? [NSDictionary])
            #expect(rows.count == 2, "\(one.body)")
            #expect(try Self.canonical(try #require(rows.first)) == deviceRow, "the pushed erasure reads as on the device's file")
            let collector = try #require(rows.last)
            #expect(collector["origin"] as? String == "collector")
            #expect(collector["subject"] as? String == "hal" && collector["requestedBy"] as? String == "ops-1")
            #expect(collector["position"] is NSNull && collector["eventId"] is NSNull)
            #expect(collector["sessions"] as? Int == 1 && collector["closedSessions"] as? [String] == [])
            #expect(collector["keyErased"] as? Bool == true)

            let two = try #require(try JSONSerialization.jsonObject(with: Data(try await client.fetch("/api/devices/dev2/erasures", headers: bearer).body.utf8)) as? [NSDictionary])
            #expect(two.map { $0["subject"] as? String } == ["gina", "hal", "ivy"], "ivy's erasure applies to dev2 alone")

            let page = try await client.fetch("/devices/dev1/erasures", headers: bearer)
            #expect(page.status == .ok)
            #expect(page.body.contains("<span class=\"badge origin-collector\">collector</span>") && page.body.contains("ops-1"))
            #expect(!page.body.contains("ops-2"))
        }
    }

    /// An object's JSON with sorted keys, to compare two answers.
    static func canonical(_ object: NSDictionary) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
    }
}
