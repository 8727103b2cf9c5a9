import Foundation
import Hummingbird
import HummingbirdTesting
import SheetLog
import SheetLogPush
import SheetLogSQLite
import SheetLogTestSupport
import Testing

/// The fleet's `/` finds the sessions active at a time on every device, as `sheetlog-server sessions
/// --active-at` lists them (the same query), and `GET /api/sessions` answers the same rows as JSON;
/// over the collector's real tokens and PostgreSQL, through the router and a live server.
@Suite(.timeLimit(.minutes(5))) struct FleetSessionSearchTests {
    /// A session recorded on a device: a sheet of `route` at `start`, then `edits` edits a second apart.
    struct Run {
        var session: String
        var route: String
        var start: Int64
        var edits: Int
    }

    /// 2026-01-01T12:00:00Z.
    static let noon: Int64 = 1_767_268_800_000

    /// A device log holding `runs`, read back as the events a device pushes.
    static func events(_ runs: [Run]) async throws -> [RecordedEvent] {
        let directory = try TemporaryDirectory("fleet-search")
        let path = directory.path("device.sqlite")
        let database = try SheetLogDatabase.open(path: path)
        for run in runs {
            var commands = [CommandEnvelope(
                session: run.session, command: .present(presentation: "p", route: Route(name: run.route)), id: "\(run.session)-0", occurredAt: run.start)]
            for index in 1...run.edits {
                commands.append(CommandEnvelope(
                    session: run.session, command: .edit(field: "note", value: .string("typed-\(run.session)-\(index)")), id: "\(run.session)-\(index)",
                    occurredAt: run.start + Int64(index) * 1_000))
            }
            _ = try await database.record(commands, states: .afterBatch)
        }
        try database.close()
        let store = try SQLiteEventStore(readingFileAt: path)
        defer { try? store.close() }
        return try await store.readAll(after: 0, through: nil, limit: nil, types: nil)
    }

    /// phone: a1 (12:00:00–12:00:10, newExpense) and a2 (13:00:00–13:00:02); phone-other: b1 (12:00:05–12:00:15, settings).
    static func pushed(_ harness: CollectorHarness, _ client: any TestClientProtocol) async throws {
        let phone = try await events([
            Run(session: "a1", route: "newExpense", start: noon, edits: 10), Run(session: "a2", route: "newExpense", start: noon + 3_600_000, edits: 2),
        ])
        let other = try await events([Run(session: "b1", route: "settings", start: noon + 5_000, edits: 10)])
        #expect(try await client.push(harness.device, PushBatch.encode(phone[...]), token: harness.deviceToken).status == .ok)
        #expect(try await client.push("\(harness.device)-other", PushBatch.encode(other[...]), token: harness.otherToken).status == .ok)
    }

    static func bearer(_ token: String) -> HTTPFields { [.authorization: "Bearer \(token)"] }

    /// The `(device, session)` of each row of the page's results, in order.
    static func rows(_ page: String) -> [String] {
        page.matches(of: /<tr data-device="([^"]*)" data-session="([^"]*)">/).map { "\($0.output.1)/\($0.output.2)" }
    }

    /// The `(device, session)` of each object of a JSON array of sessions.
    static func rows(json text: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let sessions = (object as? [String: Any])?["sessions"] ?? object
        return (sessions as? [[String: Any]] ?? []).map { "\($0["device"] as? String ?? "?")/\($0["session"] as? String ?? "?")" }
    }

    @Test(arguments: Transport.allCases)
    func sessionsActiveAtATimeOnEveryDeviceAsTheCommandListsThem(_ transport: Transport) async throws {
        let harness = try await CollectorHarness.make()
        defer { harness.close() }
        let instant = "2026-01-01T12:00:07Z"
        try await harness.run(transport) { client in
            try await Self.pushed(harness, client)
            let reader = Self.bearer(harness.readerToken)

            let plain = try await client.fetch("/", headers: reader)
            #expect(plain.status == .ok && plain.body.contains(#"id="fleet-search""#), "\(plain.body)")
            #expect(Self.rows(plain.body).isEmpty && !plain.body.contains(#"id="fleet-sessions""#), "no search, no results")

            let page = try await client.fetch("/?activeAt=\(instant)", headers: reader)
            #expect(page.status == .ok, "\(page.body)")
            #expect(Self.rows(page.body) == ["phone/a1", "phone-other/b1"])
            #expect(page.body.contains(#"value="\#(instant)""#), "the form keeps the time searched")
            // The command's rows, by the same query (run after the push: the store it reads is the same).
            let listed = try await InProcessCommand.run(.sheetlogServer, ["sessions", "--postgres", harness.fleet.url, "--active-at", instant, "--json"])
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(try Self.rows(json: listed.stdout) == Self.rows(page.body))

            // Each row opens its session's timeline at the moment searched: a1 at its edit of 12:00:07, b1 at 12:00:07.
            let links = page.body.matches(of: /<td class="id"><a href="([^"]*)">/).map { String($0.output.1).replacingOccurrences(of: "&amp;", with: "&") }
            #expect(links.count == 2, "\(links)")
            var versions: [String] = []
            for link in links {
                let timeline = try await client.fetch(link, headers: reader)
                #expect(timeline.status == .ok, "\(link): \(timeline.body)")
                versions += timeline.body.matches(of: /<section class="timeline" id="timeline" data-versions="\d+" data-version="(\d+)"/).map { String($0.output.1) }
            }
            #expect(versions == ["8", "3"], "\(links)")

            // A date is that whole day; the route and the limit bound the rows; the JSON has the same rows.
            let day = try await client.fetch("/?activeAt=2026-01-01", headers: reader)
            #expect(Self.rows(day.body) == ["phone/a1", "phone/a2", "phone-other/b1"])
            let route = try await client.fetch("/?activeAt=2026-01-01&route=settings", headers: reader)
            #expect(Self.rows(route.body) == ["phone-other/b1"])
            let limited = try await client.fetch("/?activeAt=2026-01-01&limit=2", headers: reader)
            #expect(Self.rows(limited.body) == ["phone/a1", "phone/a2"])
            #expect(limited.body.contains("The first 2 of 3 matching sessions"), "\(limited.body)")
            let api = try await client.fetch("/api/sessions?activeAt=2026-01-01&limit=2", headers: reader)
            #expect(api.status == .ok, "\(api.body)")
            #expect(try Self.rows(json: api.body) == ["phone/a1", "phone/a2"])
            #expect(api.object["matching"] as? Int == 3)
            let apiAt = try await client.fetch("/api/sessions?activeAt=\(instant)&route=newExpense", headers: reader)
            #expect(try Self.rows(json: apiAt.body) == ["phone/a1"])

            // Refused as one device's list refuses: the same 400, the same message.
            let expected = try await client.fetch("/api/devices/phone/sessions?activeAt=yesterday", headers: reader)
            #expect(expected.status == .badRequest && expected.message.hasPrefix("parameter activeAt must be"), "\(expected.body)")
            for path in ["/?activeAt=yesterday", "/api/sessions?activeAt=yesterday"] {
                let refused = try await client.fetch(path, headers: reader)
                #expect(refused.status == .badRequest, "\(path): \(refused.body)")
                // The page writes the message as HTML text.
                let escaped = expected.message.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                    .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
                #expect(refused.body.contains(path.hasPrefix("/api") ? expected.message : escaped), "\(path): \(refused.body)")
            }
            for path in ["/?limit=0&activeAt=2026-01-01", "/api/sessions?limit=1001", "/api/sessions?after=a1"] {
                #expect(try await client.fetch(path, headers: reader).status == .badRequest, "\(path)")
            }
            #expect(try await client.fetch("/api/sessions?activeAt=2026-01-01").status == .unauthorized, "the search needs a reader token")
        }
    }

    @Test("the fleet refuses redact=false on the bug-report export; by default it exports the session redacted", arguments: Transport.allCases)
    func theFleetExportsRedactedOnly(_ transport: Transport) async throws {
        let harness = try await CollectorHarness.make()
        defer { harness.close() }
        try await harness.run(transport) { client in
            try await Self.pushed(harness, client)
            let reader = Self.bearer(harness.readerToken)
            for path in ["/api/devices/phone/sessions/a1/export?redact=false", "/api/devices/phone/export?session=a1&redact=false"] {
                let refused = try await client.fetch(path, headers: reader)
                #expect(refused.status == .badRequest, "\(path): \(refused.body)")
                #expect(refused.message == "the fleet exports a session redacted only: its values are masked until a reveal", "\(refused.body)")
                #expect(!refused.body.contains("typed-a1"))
            }
            for path in ["/api/devices/phone/sessions/a1/export", "/api/devices/phone/sessions/a1/export?redact=true"] {
                let export = try await client.fetch(path, headers: reader)
                #expect(export.status == .ok, "\(path): \(export.body)")
                let lines = export.body.split(separator: "\n")
                #expect(lines.count == 11, "the present and its ten edits: \(export.body)")
                #expect(!export.body.contains("typed-a1"), "a typed value in the export: \(export.body)")
                #expect(export.body.contains(#""session":"a1""#), "\(export.body)")
            }
        }
    }
}
