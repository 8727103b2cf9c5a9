import Foundation
import HummingbirdTesting
import SheetLogServer
import Testing

/// Stored strings are data: a session id, presentation id, route, field name or value holding
/// markup and quotes is shown as text on every page, and the policy allows only the viewer's own
/// script and stylesheet.
@Suite("escaping and the content security policy")
struct EscapingTests {
    static let hostileTimeline = "/devices/local/sessions/\(ViewerPaths.segment(ViewerFixture.hostileSession))"

    static let pages = [
        "/", "/devices/local/sessions?q=%3Cscript", hostileTimeline, hostileTimeline + "?v=2", hostileTimeline + "?at=3",
        "/devices/local/audit", "/devices/local/drafts", "/devices/local/erasures", "/devices/local/sessions/%3Cscript%3E", "/no/such/page",
    ]

    @Test("no stored string becomes markup", arguments: EscapingTests.pages)
    func storedStringsAreText(path: String) async throws {
        let fixture = try await SharedFixture.fixture()
        let page = try await withViewer(try fixture.reader()) { try await $0.get(path) }
        for raw in [ViewerFixture.hostileSession, ViewerFixture.hostilePresentation, ViewerFixture.hostileRoute, ViewerFixture.hostileField, ViewerFixture.hostileValue] {
            #expect(!page.body.contains(raw), "\(path) holds \(raw) unescaped")
        }
        #expect(!page.body.contains("<script>"))
        #expect(!page.body.contains("<img"))
        // The viewer's script, and the timeline's two JSON blocks (its events, its sheets).
        #expect(HTMLProbe.matches(#"(<script)"#, in: page.body).count <= 3)
        // No inline style or event handler anywhere: the policy would block them, and they must not be needed.
        #expect(HTMLProbe.matches(#"\s(on[a-z]+|style)\s*="#, in: page.body).isEmpty, "\(path)")
    }

    @Test("the hostile session reads as its text on its timeline")
    func hostileTextIsShown() async throws {
        let fixture = try await SharedFixture.fixture()
        try await withViewer(try fixture.reader()) { client async throws in
            let page = try await client.get(Self.hostileTimeline + "?v=2")
            #expect(page.status == .ok)
            #expect(page.body.contains("&lt;script&gt;alert(&quot;session&quot;)&lt;/script&gt;&#39;&amp;"))
            #expect(page.body.contains("&lt;/script&gt;&lt;script&gt;alert(&#39;value&#39;)&lt;/script&gt;&amp;amp;"))
            #expect(page.body.contains(#"data-field="field&quot;onmouseover=&quot;alert(1)""#))
            // The event list's rows, embedded as JSON, cannot close their <script> element.
            #expect(page.body.contains(#"[1,1767265200000,"present","sheet\"\u003e\u003cimg src=x\u003e",null]"#))
            let sessions = try await client.get("/")
            #expect(sessions.body.contains("href=\"/devices/local/sessions/%3Cscript%3Ealert%28%22session%22%29%3C%2Fscript%3E%27%26\""))
        }
    }

    @Test("every answer carries the policy: same-origin script and style only, nothing inline", arguments: [
        "/", "/devices/local/sessions/demo-expense", "/api/devices/local/sessions", "/assets/viewer.js", "/nothing", "/api/nothing",
    ])
    func contentSecurityPolicy(path: String) async throws {
        let fixture = try await SharedFixture.fixture()
        let answer = try await withViewer(try fixture.reader()) { try await $0.get(path) }
        let policy = try #require(answer.headers[.contentSecurityPolicy])
        #expect(policy.contains("script-src 'self'"))
        #expect(policy.contains("style-src 'self'"))
        #expect(policy.contains("default-src 'none'"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(answer.headers[.xContentTypeOptions] == "nosniff")
    }
}
