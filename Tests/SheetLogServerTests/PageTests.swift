import Foundation
import HummingbirdTesting
import SheetLogServer
import Testing

@Suite("the pages, as HTML")
struct PageTests {
    @Test("/ lists every session with a link to its timeline", arguments: Transport.allCases)
    func sessionsPage(transport: Transport) async throws {
        let fixture = try await SharedFixture.fixture()
        let page = try await withViewer(try fixture.reader(), transport.setup) { try await $0.get("/") }
        #expect(page.status == .ok)
        #expect(page.contentType == "text/html; charset=utf-8")
        for session in SessionsAPITests.demoSessions {
            #expect(page.body.contains("<a href=\"/devices/local/sessions/\(session)\">\(session)</a>"))
        }
        #expect(page.body.contains("<option value=\"newExpense\">newExpense</option>"))
    }

    @Test("the sessions page filters and pages like the API")
    func sessionsPageFilters() async throws {
        let fixture = try await SharedFixture.fixture()
        try await withViewer(try fixture.reader()) { client async throws in
            let discarded = try await client.get("/devices/local/sessions?discardedOnly=true")
            #expect(discarded.body.contains("data-session=\"demo-expense\""))
            #expect(!discarded.body.contains("data-session=\"demo-stack\""))
            let active = try await client.get("/?activeAt=2026-01-01T09:20:03Z")
            #expect(HTMLProbe.matches(#"<tr data-session="([^"]*)""#, in: active.body) == ["demo-stack"])
            #expect(active.body.contains("name=\"activeAt\" value=\"2026-01-01T09:20:03Z\""))
            let drafts = try await client.get("/devices/local/sessions?hasDraft=true")
            #expect(HTMLProbe.matches(#"<tr data-session="([^"]*)""#, in: drafts.body).count == 2)
            #expect(drafts.body.contains("<tr data-session=\"demo-crash\"") && !drafts.body.contains("data-session=\"demo-expense\""))
            #expect(drafts.body.contains("name=\"hasDraft\" value=\"true\" class=\"auto-submit\" checked"))
            let paged = try await client.get("/devices/local/sessions?limit=2")
            // The timeline opens at a time as at a version: the last event at or before it.
            let then = try await client.get("/devices/local/sessions/demo-expense?at=2026-01-01T09:00:04.200Z")
            #expect(then.status == .ok)
            #expect(then.body.contains("data-versions=\"6\" data-version=\"5\""))
            let both = try await client.get("/devices/local/sessions/demo-expense?v=2&at=2026-01-01T09:00:04Z")
            #expect(both.status == .badRequest)
            #expect(both.body.contains("parameters v and at cannot be used together"))
            let before = try await client.get("/devices/local/timeline?session=demo-expense&at=2026-01-01T08:00:00Z")
            #expect(before.status == .notFound)
            #expect(before.body.contains("session demo-expense has no event at or before 2026-01-01T08:00:00.000Z"))
            #expect(paged.body.contains("href=\"/devices/local/sessions?limit=2&amp;after=demo-cancel\""))
            let bad = try await client.get("/devices/local/sessions?limit=0")
            #expect(bad.status == .badRequest)
            #expect(bad.contentType == "text/html; charset=utf-8")
            #expect(bad.body.contains("parameter limit must be a whole number from 1 to 1000"))
        }
    }

    @Test("the expense session at v5: the swipe's alert offers Save, Discard Changes and Keep Editing")
    func timelineWithTheSwipeAlert() async throws {
        let fixture = try await SharedFixture.fixture()
        let page = try await withViewer(try fixture.reader()) { try await $0.get("/devices/local/sessions/demo-expense?v=5") }
        #expect(page.status == .ok)
        #expect(page.body.contains("id=\"state\" data-version=\"5\""))
        #expect(HTMLProbe.dialogButtons(page.body) == ["Save", "Discard Changes", "Keep Editing"])
        #expect(page.body.contains("aria-label=\"swipe locked\""))
        #expect(HTMLProbe.fieldClasses(page.body)["amount"] == ["field", "differs"])
        #expect(page.body.contains("<span class=\"badge outcome-blocked\">blocked</span>"))
    }

    @Test("a blocked Cancel asks without Save; v4 of the stack flow shows three cards, the top one last")
    func stackAndCancelAlert() async throws {
        let fixture = try await SharedFixture.fixture()
        try await withViewer(try fixture.reader()) { client async throws in
            let cancel = try await client.get("/devices/local/sessions/demo-stack?v=6")
            #expect(HTMLProbe.dialogButtons(cancel.body) == ["Discard Changes", "Keep Editing"])
            let four = try await client.get("/devices/local/sessions/demo-stack?v=4")
            #expect(HTMLProbe.cards(four.body) == ["items", "item", "share"])
            #expect(four.body.contains("class=\"sheet-card level-2 top appeared\" data-presentation=\"share\""))
        }
    }

    @Test("fields this event changed are highlighted; after the discard the sheet is gone")
    func changedFieldsAndEmptyStack() async throws {
        let fixture = try await SharedFixture.fixture()
        try await withViewer(try fixture.reader()) { client async throws in
            let three = try await client.get("/devices/local/sessions/demo-expense?v=3")
            let classes = HTMLProbe.fieldClasses(three.body)
            #expect(classes["category"] == ["field", "changed-now", "differs"])
            #expect(classes["amount"] == ["field", "differs"])
            #expect(three.body.contains("<li><span class=\"change-field\">expense.category</span> <span class=\"none\">(none)</span> → &quot;Travel&quot;</li>"))
            let six = try await client.get("/devices/local/sessions/demo-expense?v=6")
            #expect(six.status == .ok)
            #expect(HTMLProbe.cards(six.body).isEmpty)
            #expect(six.body.contains("No sheet on screen."))
        }
    }

    @Test("timeline errors: a version past the end 404, a bad or missing version 400, an unknown session 404", arguments: [
        ("/devices/local/sessions/demo-expense?v=7", 404, "session demo-expense has 6 versions; version 7 is past its end"),
        ("/devices/local/sessions/demo-expense?v=0", 400, "parameter v must be a whole number from 1 to 9223372036854775807"),
        ("/devices/local/sessions/demo-expense?at=9", 404, "session demo-expense has 6 versions; version 9 is past its end"),
        ("/devices/local/sessions/nobody", 404, "no session nobody"),
        ("/devices/elsewhere/sessions/demo-expense", 404, "no device elsewhere"),
    ])
    func timelineErrors(uri: String, status: Int, message: String) async throws {
        let fixture = try await SharedFixture.fixture()
        let page = try await withViewer(try fixture.reader()) { try await $0.get(uri) }
        #expect(page.status.code == status)
        #expect(page.contentType == "text/html; charset=utf-8")
        #expect(page.body.contains("<p class=\"error-message\" data-code=\"\(status == 404 ? "notFound" : "invalidInput")\">\(message)</p>"))
    }

    @Test("each audit row links to the timeline at that dismissal's version; the CSV download keeps the filters")
    func auditPage() async throws {
        let fixture = try await SharedFixture.fixture()
        try await withViewer(try fixture.reader()) { client async throws in
            let page = try await client.get("/devices/local/audit")
            #expect(page.status == .ok)
            #expect(page.body.contains("<a class=\"open\" href=\"/devices/local/sessions/demo-expense?v=5\">v5</a>"))
            #expect(page.body.contains("<a class=\"open\" href=\"/devices/local/sessions/demo-cancel?v=2\">v2</a>"))
            #expect(page.body.contains("<a class=\"open\" href=\"/devices/local/sessions/demo-stack?v=6\">v6</a>"))
            let filtered = try await client.get("/devices/local/audit?source=cancelButton&since=2026-01-01")
            #expect(filtered.body.contains("href=\"/api/devices/local/audit?source=cancelButton&amp;since=2026-01-01&amp;format=csv\""))
            #expect(!filtered.body.contains("demo-expense?v=5"))
            let paged = try await client.get("/devices/local/audit?limit=2")
            #expect(paged.body.contains("href=\"/devices/local/audit?limit=2&amp;after=8\""))
            let second = try await client.get("/devices/local/audit?limit=2&after=8")
            #expect(second.body.contains("demo-stack?v=5") && !second.body.contains("demo-cancel?v=2"))
        }
    }

    @Test("each draft links to its last edit")
    func draftsPage() async throws {
        let fixture = try await SharedFixture.fixture()
        let page = try await withViewer(try fixture.reader()) { try await $0.get("/devices/local/drafts") }
        #expect(page.status == .ok)
        #expect(page.body.contains("<a class=\"open\" href=\"/devices/local/sessions/demo-crash?v=3\">last edit, v3</a>"))
        #expect(page.body.contains("Café Nord"))
    }

    @Test("the script and the stylesheet are served from the viewer itself")
    func assets() async throws {
        let fixture = try await SharedFixture.fixture()
        try await withViewer(try fixture.reader()) { client async throws in
            let script = try await client.get("/assets/viewer.js")
            #expect(script.status == .ok)
            #expect(script.contentType == "text/javascript; charset=utf-8")
            let style = try await client.get("/assets/viewer.css")
            #expect(style.contentType == "text/css; charset=utf-8")
        }
    }
}
