import Foundation
import HummingbirdTesting
import SheetLogServer
import Testing

@Suite("GET /api/devices/{device}/audit, /drafts, /stats")
struct AuditAndDraftsAPITests {
    @Test("every dismissal attempt, filtered as sheetlog audit filters", arguments: Transport.allCases)
    func auditRows(transport: Transport) async throws {
        let fixture = try await SharedFixture.fixture()
        try await withViewer(try fixture.reader(), transport.setup) { client async throws in
            func positions(_ query: String) async throws -> [Int] {
                let answer = try await client.get("/api/devices/local/audit\(query)")
                #expect(answer.status == .ok, "\(query): \(answer.body)")
                return try #require(try answer.json() as? [[String: Any]]).compactMap { $0["position"] as? Int }
            }
            #expect(try await positions("") == [5, 8, 17, 18, 26])
            #expect(try await positions("?session=demo-stack") == [17, 18])
            #expect(try await positions("?route=newExpense") == [5, 8])
            #expect(try await positions("?source=swipe") == [5, 26])
            #expect(try await positions("?outcome=blocked&resolution=discarded") == [5])
            #expect(try await positions("?resolution=keptEditing") == [18])
            #expect(try await positions("?since=2026-01-01T09:05:01Z&until=2026-01-01T09:20:04Z") == [8])
            #expect(try await positions("?since=2026-01-01T09:20:04.000%2B00:00") == [17, 18, 26])
            #expect(try await positions("?until=2025-12-31") == [])
            #expect(try await positions("?since=2026-01-01&until=2026-01-01") == [5, 8, 17, 18, 26])
        }
    }

    @Test("format=csv gives sheetlog audit --csv's CSV, as a download")
    func auditCSV() async throws {
        let fixture = try await SharedFixture.fixture()
        let answer = try await withViewer(try fixture.reader()) { try await $0.get("/api/devices/local/audit?format=csv&session=demo-expense") }
        #expect(answer.status == .ok)
        #expect(answer.contentType == "text/csv; charset=utf-8")
        #expect(answer.headers[.contentDisposition] == "attachment; filename=\"audit.csv\"")
        #expect(answer.body == """
            position,session,presentation,route,source,outcome,dirty,changedFields,resolution,at\r
            5,demo-expense,expense,newExpense,swipe,blocked,yes,amount;category;notes,discarded,2026-01-01T09:00:04.000Z\r

            """)
    }

    @Test("bad audit filters: 400 naming the parameter; an unknown session 404", arguments: [
        ("?source=shake", 400, "parameter source must be one of swipe, cancelButton, programmatic"),
        ("?outcome=gone", 400, "parameter outcome must be one of dismissed, blocked, forced"),
        ("?resolution=maybe", 400, "parameter resolution must be one of discarded, keptEditing, saved, saveFailed"),
        ("?since=yesterday", 400, "parameter since must be an ISO-8601 time such as 2026-01-01T09:30:00.000Z or a date such as 2026-01-01"),
        ("?since=2026-02-01&until=2026-01-01", 400, "parameter until must be later than since"),
        ("?format=xml", 400, "parameter format must be one of json, csv"),
        ("?limit=5", 400, "unknown parameter limit; this path takes format, outcome, resolution, route, session, since, source, until"),
        ("?session=nobody", 404, "no session nobody"),
    ])
    func refusesBadFilters(query: String, status: Int, message: String) async throws {
        let fixture = try await SharedFixture.fixture()
        let answer = try await withViewer(try fixture.reader()) { try await $0.get("/api/devices/local/audit\(query)") }
        #expect(answer.status.code == status)
        #expect(try answer.error().message == message)
    }

    @Test("the recoverable drafts, with their values", arguments: Transport.allCases)
    func drafts(transport: Transport) async throws {
        let fixture = try await SharedFixture.fixture()
        let answer = try await withViewer(try fixture.reader(), transport.setup) { try await $0.get("/api/devices/local/drafts") }
        #expect(answer.status == .ok)
        let drafts = try #require(try answer.json() as? [[String: Any]])
        #expect(drafts.map { $0["session"] as? String } == ["demo-crash", ViewerFixture.hostileSession])
        let crash = try #require(drafts.first)
        #expect(crash["reason"] as? String == "open")
        #expect(crash["values"] as? [String: String] == ["amount": "12.80", "merchant": "Café Nord"])
        #expect(crash["lastEditAt"] as? String == "2026-01-01T09:25:02.000Z")
    }

    @Test("stats and devices")
    func statsAndDevices() async throws {
        let fixture = try await SharedFixture.fixture()
        try await withViewer(try fixture.reader()) { client async throws in
            let stats = try #require(try await client.get("/api/devices/local/stats").json() as? [String: Any])
            #expect(stats["events"] as? Int == 26)
            #expect(stats["sessions"] as? Int == 7)
            #expect(try await client.get("/api/devices").json() as? [String] == ["local"])
            #expect(try await client.get("/api/devices/local/drafts?x=1").status == .badRequest)
        }
    }

    @Test("an unknown API path is a JSON 404; a page path an HTML 404")
    func unknownPaths() async throws {
        let fixture = try await SharedFixture.fixture()
        try await withViewer(try fixture.reader()) { client async throws in
            let api = try await client.get("/api/devices/local/nothing")
            #expect(api.status == .notFound)
            #expect(try api.error().code == "notFound")
            let page = try await client.get("/nothing/here")
            #expect(page.status == .notFound)
            #expect(page.contentType == "text/html; charset=utf-8")
            #expect(page.body.contains("nothing is served at this path"))
        }
    }
}
