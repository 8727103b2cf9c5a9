import Foundation
import SheetLogTestSupport
import Testing

/// The fleet reads a sealed device's values as withheld without its subject's key, yet answers
/// what the device's file does about the drafts' structure: which are dirty, which fields changed,
/// which are recoverable. (It compared the placeholders: every draft read as clean, and the
/// recoverable ones were gone; then g4, typed back to its baseline with no attempt since, read as
/// dirty, until each edit recorded whether it differs from the baseline.) Through the real
/// binaries and PostgreSQL.
@Suite(.timeLimit(.minutes(5))) struct SealedFleetStructureTests {
    static let lines = """
        {"session":"g1","type":"present","presentation":"item","route":{"name":"editItem"},"baseline":{"title":"Desk lamp"},"subject":"gina"}
        {"session":"g1","type":"edit","field":"title","value":"Floor lamp"}
        {"session":"g2","type":"present","presentation":"item","route":{"name":"editItem"},"baseline":{"title":"Desk lamp","note":""},"subject":"gina"}
        {"session":"g2","type":"edit","field":"title","value":"Floor lamp"}
        {"session":"g2","type":"attemptDismiss","source":"swipe"}
        {"session":"g3","type":"present","presentation":"item","route":{"name":"editItem"},"baseline":{"title":"Desk lamp"},"subject":"gina"}
        {"session":"g3","type":"edit","field":"title","value":"Floor lamp"}
        {"session":"g3","type":"edit","field":"title","value":"Desk lamp"}
        {"session":"g3","type":"attemptDismiss","source":"swipe"}
        {"session":"g4","type":"present","presentation":"item","route":{"name":"editItem"},"baseline":{"title":"Desk lamp"},"subject":"gina"}
        {"session":"g4","type":"edit","field":"title","value":"Floor lamp"}
        {"session":"g4","type":"edit","field":"title","value":"Desk lamp"}

        """

    @Test func recoverableDraftsAndChangedFieldsOfASealedDeviceAreTheDevicesOnTheFleet() async throws {
        let directory = try TemporaryDirectory("sealed-fleet")
        let key = directory.path("master.key"), file = directory.path("device.sqlite")
        #expect(try await InProcessCommand.run(.sheetlog, ["keygen", key]).status == 0)
        let ingest = try await InProcessCommand.run(
            .sheetlog, ["--db", file, "--key-file", key, "ingest", "-"], input: Data(Self.lines.utf8))
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let fleet = try await FleetDatabase.fresh()
        let imported = try await InProcessCommand.run(.sheetlogServer, ["import", "--postgres", fleet.url, "--device", "dev1", file])
        #expect(imported.status == 0, "\(imported.stderr)")

        let onDevice = try await Self.drafts(InProcessCommand.run(.sheetlog, ["--db", file, "--key-file", key, "recover", "--json"]))
        let onFleet = try await Self.drafts(InProcessCommand.run(.sheetlogServer, ["recover", "--postgres", fleet.url, "--device", "dev1", "--json"]))
        #expect(onDevice == ["g1": ["title"], "g2": ["title"]], "the control: \(onDevice)")
        #expect(onFleet == onDevice)

        let stats = try await InProcessCommand.run(.sheetlogServer, ["stats", "--postgres", fleet.url, "--device", "dev1", "--json"])
        let counts = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        #expect(counts["recoverableDrafts"] as? Int == 2, "\(stats.stdout)")

        // At g2's blocked swipe the alert is up over a dirty, locked draft, as on the device.
        let replay = try await InProcessCommand.run(.sheetlogServer, ["replay", "g2", "--postgres", fleet.url, "--device", "dev1", "--json"])
        let steps = try #require(try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [[String: Any]], "\(replay.stderr)")
        let state = try #require(steps.last?["state"] as? [String: Any])
        let text = String(decoding: try JSONSerialization.data(withJSONObject: state, options: .sortedKeys), as: UTF8.self)
        #expect(text.contains("\"changedFields\":[\"title\"]") && text.contains("\"dirty\":true"), "\(text)")
        #expect(!text.contains("Floor lamp") && !text.contains("Desk lamp"), "a value reached the fleet: \(text)")

        // gina erased on the device: neither offers her drafts any more, nor counts them.
        let erase = try await InProcessCommand.run(.sheetlog, ["--db", file, "--key-file", key, "erase", "--subject", "gina", "--requested-by", "test"])
        #expect(erase.status == 0, "\(erase.stderr)")
        let again = try await InProcessCommand.run(.sheetlogServer, ["import", "--postgres", fleet.url, "--device", "dev1", file])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try await Self.drafts(InProcessCommand.run(.sheetlog, ["--db", file, "--key-file", key, "recover", "--json"])) == [:])
        #expect(try await Self.drafts(InProcessCommand.run(.sheetlogServer, ["recover", "--postgres", fleet.url, "--device", "dev1", "--json"])) == [:])
        let erasedStats = try await InProcessCommand.run(.sheetlogServer, ["stats", "--postgres", fleet.url, "--device", "dev1", "--json"])
        #expect(erasedStats.stdout.contains("\"recoverableDrafts\" : 0"), "\(erasedStats.stdout)")
    }

    /// The fleet's rows of a sealed device hold `[sealed]` where a value goes, and a plain device's
    /// typed `[sealed]` is text: the one is read as withheld (an object in JSON), the other as typed.
    @Test func aSealedDevicesDraftValuesAreWithheldAndAPlainDevicesTypedTextIsNot() async throws {
        let directory = try TemporaryDirectory("sealed-fleet-markers")
        let key = directory.path("master.key"), sealed = directory.path("sealed.sqlite"), plain = directory.path("plain.sqlite")
        #expect(try await InProcessCommand.run(.sheetlog, ["keygen", key]).status == 0)
        let typed = """
            {"session":"t1","type":"present","presentation":"item","route":{"name":"editItem"},"baseline":{"title":"[sealed]"},"subject":"tess"}
            {"session":"t1","type":"edit","field":"title","value":"[withheld]"}

            """
        for (file, keyArguments, lines) in [
            (sealed, ["--key-file", key], typed),
            (plain, [], typed.replacingOccurrences(of: #","subject":"tess""#, with: "")),
        ] {
            let ingest = try await InProcessCommand.run(.sheetlog, ["--db", file] + keyArguments + ["ingest", "-"], input: Data(lines.utf8))
            #expect(ingest.status == 0, "\(ingest.stderr)")
        }
        let fleet = try await FleetDatabase.fresh()
        for (device, file) in [("sealed", sealed), ("plain", plain)] {
            let imported = try await InProcessCommand.run(.sheetlogServer, ["import", "--postgres", fleet.url, "--device", device, file])
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        func draft(_ device: String) async throws -> [String: Any] {
            let run = try await InProcessCommand.run(.sheetlogServer, ["recover", "--postgres", fleet.url, "--device", device, "--json"])
            let drafts = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run.stderr)")
            return try #require(drafts.first)
        }
        let withheld = try await draft("sealed")
        #expect(withheld["values"] as? [String: [String: Bool]] == ["title": ["withheld": true]], "\(withheld)")
        #expect(withheld["baseline"] as? [String: [String: Bool]] == ["title": ["withheld": true]], "\(withheld)")
        let text = try await draft("plain")
        #expect(text["values"] as? [String: String] == ["title": "[withheld]"], "\(text)")
        #expect(text["baseline"] as? [String: String] == ["title": "[sealed]"], "\(text)")
    }

    /// Session → changed fields of each recoverable draft in `recover --json`'s output.
    static func drafts(_ run: ProductBinary.Run) throws -> [String: [String]] {
        #expect(run.status == 0, "\(run.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run.stdout)")
        var drafts: [String: [String]] = [:]
        for draft in array {
            drafts[draft["session"] as? String ?? "?"] = draft["changedFields"] as? [String]
        }
        return drafts
    }
}
