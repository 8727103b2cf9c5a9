import Foundation
import HummingbirdTesting
import SheetLogServer
import Testing

@Suite("GET /api/devices/{device}/sessions")
struct SessionsAPITests {
    static let demoSessions = ["demo-expense", "demo-cancel", "demo-friend", "demo-editor", "demo-stack", "demo-crash"]

    @Test("one object per session, in order, with the counts the demo's flows give", arguments: Transport.allCases)
    func listsEverySessionWithItsCounts(transport: Transport) async throws {
        let fixture = try await SharedFixture.fixture()
        let answer = try await withViewer(try fixture.reader(), transport.setup) { try await $0.get("/api/devices/local/sessions") }
        #expect(answer.status == .ok)
        #expect(answer.contentType == "application/json; charset=utf-8")
        let object = try #require(try answer.json() as? [String: Any])
        let sessions = try #require(object["sessions"] as? [[String: Any]])
        #expect(sessions.map { $0["session"] as? String } == Self.demoSessions + [ViewerFixture.hostileSession])
        #expect(object["next"] is NSNull)
        let expense = try #require(sessions.first)
        #expect(Set(expense.keys) == ["session", "events", "firstAt", "lastAt", "routes", "presentations", "openDrafts", "blocked", "discarded"])
        #expect(expense["routes"] as? [String] == ["newExpense"])
        #expect(expense["events"] as? Int == 6)
        #expect(expense["firstAt"] as? String == "2026-01-01T09:00:00.000Z")
        #expect(expense["lastAt"] as? String == "2026-01-01T09:00:05.000Z")
        #expect(expense["presentations"] as? Int == 1)
        #expect(expense["blocked"] as? Int == 1)
        #expect(expense["discarded"] as? Int == 1)
        #expect(expense["openDrafts"] as? Int == 0)
        let stack = try #require(sessions.first { $0["session"] as? String == "demo-stack" })
        #expect(stack["events"] as? Int == 8)
        #expect(stack["presentations"] as? Int == 3)
        #expect(stack["blocked"] as? Int == 1)
        #expect(stack["discarded"] as? Int == 0)
        let crash = try #require(sessions.first { $0["session"] as? String == "demo-crash" })
        #expect(crash["openDrafts"] as? Int == 1)
    }

    @Test("q, route and discardedOnly filter; limit and after page through the rest")
    func filtersAndPages() async throws {
        let fixture = try await SharedFixture.fixture()
        try await withViewer(try fixture.reader()) { client async throws in
            func names(_ uri: String) async throws -> ([String], String?) {
                let answer = try await client.get(uri)
                #expect(answer.status == .ok, "\(uri): \(answer.body)")
                let object = try #require(try answer.json() as? [String: Any])
                let sessions = try #require(object["sessions"] as? [[String: Any]])
                return (sessions.compactMap { $0["session"] as? String }, object["next"] as? String)
            }
            #expect(try await names("/api/devices/local/sessions?q=STACK").0 == ["demo-stack"])
            #expect(try await names("/api/devices/local/sessions?q=%3Cscript%3E").0 == [ViewerFixture.hostileSession])
            #expect(try await names("/api/devices/local/sessions?route=newExpense").0 == ["demo-expense", "demo-cancel", "demo-crash"])
            #expect(try await names("/api/devices/local/sessions?discardedOnly=true").0 == ["demo-expense"])
            #expect(try await names("/api/devices/local/sessions?discardedOnly=false&q=demo").0 == Self.demoSessions)
            #expect(try await names("/api/devices/local/sessions?activeAt=2026-01-01T09:20:03Z").0 == ["demo-stack"])
            #expect(try await names("/api/devices/local/sessions?activeAt=2026-01-01T11:00:01.000Z").0 == [ViewerFixture.hostileSession])
            #expect(try await names("/api/devices/local/sessions?activeAt=2026-01-01T09:04:00Z").0 == [])
            #expect(try await names("/api/devices/local/sessions?activeAt=2026-01-01&q=demo").0 == Self.demoSessions)
            #expect(try await names("/api/devices/local/sessions?hasDraft=true").0 == ["demo-crash", ViewerFixture.hostileSession])
            #expect(try await names("/api/devices/local/sessions?hasDraft=true&route=share").0 == [])
            let first = try await names("/api/devices/local/sessions?limit=4")
            #expect(first.0 == Array(Self.demoSessions.prefix(4)))
            #expect(first.1 == "demo-editor")
            let second = try await names("/api/devices/local/sessions?limit=4&after=demo-editor")
            #expect(second.0 == ["demo-stack", "demo-crash", ViewerFixture.hostileSession])
            #expect(second.1 == nil)
            let filtered = try await names("/api/devices/local/sessions?q=demo&limit=2&after=demo-cancel")
            #expect(filtered.0 == ["demo-friend", "demo-editor"])
            #expect(filtered.1 == "demo-editor")
        }
    }

    @Test("bad parameters: 400 naming the parameter, never echoing what was typed", arguments: [
        ("limit=0", "limit"), ("limit=1001", "limit"), ("limit=ten", "limit"), ("limit=-1", "limit"),
        ("discardedOnly=yes", "discardedOnly"), ("hasDraft=1", "hasDraft"), ("activeAt=yesterday", "activeAt"), ("after=no-such-session", "after"), ("q=a&q=b", "q"),
        ("sort=session", "sort"), ("q=%ZZ", "q"), ("q=%FF", "q"),
    ])
    func refusesBadParameters(query: String, parameter: String) async throws {
        let fixture = try await SharedFixture.fixture()
        let answer = try await withViewer(try fixture.reader()) { try await $0.get("/api/devices/local/sessions?\(query)") }
        #expect(answer.status == .badRequest)
        let error = try answer.error()
        #expect(error.code == "invalidInput")
        #expect(error.message.contains(parameter), "\(error.message)")
        #expect(!error.message.contains("no-such-session") && !error.message.contains("ten"))
    }

    @Test("a search longer than an id may be is refused without quoting it")
    func refusesAnOverlongSearch() async throws {
        let fixture = try await SharedFixture.fixture()
        let secret = String(repeating: "secret", count: 50)
        let answer = try await withViewer(try fixture.reader()) { try await $0.get("/api/devices/local/sessions?q=\(secret)") }
        #expect(answer.status == .badRequest)
        let error = try answer.error()
        #expect(error.message == "parameter q is longer than 256 bytes")
        #expect(!answer.body.contains("secret"))
    }

    @Test("an unknown device is 404, as JSON", arguments: Transport.allCases)
    func unknownDevice(transport: Transport) async throws {
        let fixture = try await SharedFixture.fixture()
        let answer = try await withViewer(try fixture.reader(), transport.setup) { try await $0.get("/api/devices/phone-7/sessions") }
        #expect(answer.status == .notFound)
        #expect(answer.contentType == "application/json; charset=utf-8")
        #expect(try answer.error().code == "notFound")
        #expect(try answer.error().message == "no device phone-7")
    }
}
