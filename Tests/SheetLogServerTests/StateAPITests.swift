import Foundation
import HummingbirdTesting
import SheetLogServer
import Testing

@Suite("GET /api/devices/{device}/sessions/{session}/state")
struct StateAPITests {
    @Test("one step: the element the replay has for that version, byte for byte sheetlog state --json", arguments: Transport.allCases)
    func oneStep(transport: Transport) async throws {
        let fixture = try await SharedFixture.fixture()
        let cli = try fixture.sheetlog(["state", "demo-expense", "--at", "5", "--json"])
        #expect(cli.status == 0, "\(cli.stderr)")
        let cliLast = try fixture.sheetlog(["state", "demo-stack", "--json"])
        try await withViewer(try fixture.reader(), transport.setup) { client async throws in
            let answer = try await client.get("/api/devices/local/sessions/demo-expense/state?at=5")
            #expect(answer.status == .ok)
            #expect(answer.contentType == "application/json; charset=utf-8")
            #expect(answer.body == cli.stdout)
            let replay = try #require(try await client.get("/api/devices/local/sessions/demo-expense/replay?at=5").json() as? [NSDictionary])
            #expect(try answer.json() as? NSDictionary == replay.last)
            // Without at, the last version; a time, the last version at or before it.
            #expect(try await client.get("/api/devices/local/sessions/demo-stack/state").body == cliLast.stdout)
            let then = try await client.get("/api/devices/local/sessions/demo-expense/state?at=2026-01-01T09:00:04.5Z")
            #expect((try then.json() as? [String: Any])?["version"] as? Int == 5)
            let dotted = try await client.get("/api/devices/local/state?session=demo-expense&at=5")
            #expect(dotted.body == cli.stdout)
        }
    }

    @Test("errors as the replay's: 404 past the end, before the first event, for an unknown session; 400 for a bad at", arguments: [
        ("/api/devices/local/sessions/demo-expense/state?at=7", 404, "notFound", "session demo-expense has 6 versions; version 7 is past its end"),
        ("/api/devices/local/sessions/demo-expense/state?at=2026-01-01T08:00:00Z", 404, "notFound",
         "session demo-expense has no event at or before 2026-01-01T08:00:00.000Z (its first is at 2026-01-01T09:00:00.000Z)"),
        ("/api/devices/local/sessions/nobody/state", 404, "notFound", "no session nobody"),
        ("/api/devices/phone/sessions/demo-expense/state", 404, "notFound", "no device phone"),
        ("/api/devices/local/sessions/demo-expense/state?at=0", 400, "invalidInput",
         "parameter at must be a version of 1 or more or an ISO-8601 time such as 2026-01-01T09:30:00.000Z"),
        ("/api/devices/local/sessions/demo-expense/state?v=2", 400, "invalidInput", "unknown parameter v; this path takes at"),
        ("/api/devices/local/state?at=2", 400, "invalidInput", "parameter session (the session id) is required"),
    ])
    func refusals(uri: String, status: Int, code: String, message: String) async throws {
        let fixture = try await SharedFixture.fixture()
        let answer = try await withViewer(try fixture.reader()) { try await $0.get(uri) }
        #expect(answer.status.code == status)
        let error = try answer.error()
        #expect(error.code == code)
        #expect(error.message == message)
    }
}
