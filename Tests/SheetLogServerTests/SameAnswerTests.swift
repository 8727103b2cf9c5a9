import Foundation
import HummingbirdTesting
import SheetLogServer
import Testing

/// The API and the `sheetlog` CLI read the same file: their JSON (and CSV) must be the same bytes.
/// The CLI runs as a real process, as a support engineer runs it.
@Suite("the API answers as sheetlog's --json does")
struct SameAnswerTests {
    static let sessions = SessionsAPITests.demoSessions + [ViewerFixture.hostileSession]

    @Test("replay of every session, whole and stopped at a version", arguments: SameAnswerTests.sessions)
    func replay(session: String) async throws {
        let fixture = try await SharedFixture.fixture()
        let cli = try fixture.sheetlog(["replay", session, "--json"])
        #expect(cli.status == 0, "\(cli.stderr)")
        let cliAtOne = try fixture.sheetlog(["replay", session, "--at", "1", "--json"])
        try await withViewer(try fixture.reader()) { client async throws in
            let path = "/api/devices/local/sessions/\(ViewerPaths.segment(session))/replay"
            #expect(try await client.get(path).body == cli.stdout)
            #expect(try await client.get(path + "?at=1").body == cliAtOne.stdout)
        }
    }

    @Test("audit, with and without filters, as JSON and CSV", arguments: [
        [String](), ["--session", "demo-stack"], ["--source", "swipe", "--outcome", "blocked"], ["--resolution", "keptEditing"],
        ["--since", "2026-01-01T09:05:00.000Z", "--until", "2026-01-01"], ["--route", "newExpense"],
    ])
    func audit(filters: [String]) async throws {
        let fixture = try await SharedFixture.fixture()
        let query: [(String, String?)] = stride(from: 0, to: filters.count, by: 2).map { (String(filters[$0].dropFirst(2)), filters[$0 + 1]) }
        let json = try fixture.sheetlog(["audit"] + filters + ["--json"])
        let csv = try fixture.sheetlog(["audit"] + filters + ["--csv"])
        #expect(json.status == 0 && csv.status == 0)
        try await withViewer(try fixture.reader()) { client async throws in
            #expect(try await client.get("/api/devices/local/audit" + ViewerPaths.queryString(query)).body == json.stdout)
            #expect(try await client.get("/api/devices/local/audit" + ViewerPaths.queryString(query + [("format", "csv")])).body == csv.stdout)
        }
    }

    @Test("the sessions list: sheetlog sessions --json and the API's page hold the same objects", arguments: [
        [String](), ["--route", "newExpense"], ["--active-at", "2026-01-01T09:20:03Z"], ["--active-at", "2026-01-01"], ["--has-draft"],
    ])
    func sessionList(filters: [String]) async throws {
        let fixture = try await SharedFixture.fixture()
        let cli = try fixture.sheetlog(["sessions", "--json"] + filters)
        #expect(cli.status == 0, "\(cli.stderr)")
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? NSArray)
        let names = ["--route": "route", "--active-at": "activeAt", "--has-draft": "hasDraft"]
        var query: [(String, String?)] = []
        var index = 0
        while index < filters.count {
            let name = names[filters[index]]!
            if name == "hasDraft" { query.append((name, "true")); index += 1 } else { query.append((name, filters[index + 1])); index += 2 }
        }
        let uri = "/api/devices/local/sessions" + ViewerPaths.queryString(query + [("limit", "1000")])
        let answer = try await withViewer(try fixture.reader()) { try await $0.get(uri) }
        let page = try #require(try answer.json() as? [String: Any])
        #expect(listed.count > 0)
        #expect((page["sessions"] as? NSArray) == listed)
    }

    @Test("the recoverable drafts")
    func drafts() async throws {
        let fixture = try await SharedFixture.fixture()
        let cli = try fixture.sheetlog(["recover", "--json"])
        #expect(cli.status == 0)
        let answer = try await withViewer(try fixture.reader()) { try await $0.get("/api/devices/local/drafts") }
        #expect(answer.body == cli.stdout)
    }
}
