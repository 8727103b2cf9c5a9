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

    @Test("the recoverable drafts")
    func drafts() async throws {
        let fixture = try await SharedFixture.fixture()
        let cli = try fixture.sheetlog(["recover", "--json"])
        #expect(cli.status == 0)
        let answer = try await withViewer(try fixture.reader()) { try await $0.get("/api/devices/local/drafts") }
        #expect(answer.body == cli.stdout)
    }
}
