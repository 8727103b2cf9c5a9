import Foundation
import SheetLog
import SheetLogServer
import Testing

/// Sessions named `.` and `..`: a browser drops such a path segment (also written `%2E%2E`) before it
/// sends the request, so every link to them must carry the id elsewhere.
@Suite("sessions named . and ..")
struct DotSegmentSessionTests {
    static let dotIDs = [".", ".."]

    /// The demo file plus a session `.` and a session `..`, each with an edit and a blocked swipe
    /// (an audit row, an open draft).
    static func fixture() async throws -> ViewerFixture {
        let fixture = try await ViewerFixture.make(hostile: false)
        let database = try SheetLogDatabase.open(path: fixture.path)
        let start: Int64 = 1_767_265_200_000
        for session in dotIDs {
            try await database.record(.present(presentation: "p", route: Route(name: "r"), baseline: ["f": "a"]), in: session, occurredAt: start)
            try await database.record(.edit(field: "f", value: .string("b")), in: session, occurredAt: start + 1_000)
            try await database.record(.attemptDismiss(source: .swipe), in: session, occurredAt: start + 2_000)
        }
        try database.close()
        return fixture
    }

    /// The href attributes of `html`, entity-decoded.
    static func hrefs(_ html: String) -> [String] {
        HTMLProbe.matches(#"href="([^"]*)""#, in: html).map { $0.replacingOccurrences(of: "&amp;", with: "&") }
    }

    /// Whether a browser keeps `href`'s path as written: no segment is `.` or `..`, percent-encoded
    /// or not (WHATWG URL: `%2e` counts as a dot).
    static func survivesNormalisation(_ href: String) -> Bool {
        let path = href.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { segment in
            let plain = segment.lowercased().replacingOccurrences(of: "%2e", with: ".")
            return plain != "." && plain != ".."
        }
    }

    @Test("the sessions, audit and drafts pages link to . and .. with URLs a browser keeps, and those links open their timelines")
    func pageLinksReachTheTimeline() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        try await withViewer(try fixture.reader()) { client in
            for page in ["/devices/local/sessions", "/devices/local/audit", "/devices/local/drafts"] {
                let answer = try await client.get(page)
                #expect(answer.status == .ok)
                let links = Self.hrefs(answer.body)
                for href in links { #expect(Self.survivesNormalisation(href), "\(page): \(href)") }
                for session in Self.dotIDs {
                    let form = "/devices/local/timeline?session=\(session)"
                    let timelines = links.filter { $0 == form || $0.hasPrefix(form + "&") }
                    #expect(!timelines.isEmpty, "\(page) has no link a browser keeps to session \(session)")
                    for href in timelines {
                        let timeline = try await client.get(href)
                        #expect(timeline.status == .ok, "\(href)")
                        #expect(timeline.body.contains("<h1>Session <span class=\"id\">\(session)</span></h1>"), "\(href)")
                    }
                }
            }
        }
    }

    @Test("the timeline of .. links its state endpoint, replay JSON and versions without a dot segment; the query forms answer")
    func timelineAndQueryRoutes() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        try await withViewer(try fixture.reader()) { client in
            let page = try await client.get("/devices/local/timeline?session=..&v=2")
            #expect(page.status == .ok)
            #expect(page.body.contains("data-state-url=\"/api/devices/local/state?session=..&amp;at=\""))
            #expect(page.body.contains("data-version-query=\"?session=..&amp;v=\""))
            for href in Self.hrefs(page.body) { #expect(Self.survivesNormalisation(href), "\(href)") }
            #expect(Self.hrefs(page.body).contains("/api/devices/local/replay?session=.."))

            let state = try await client.get("/api/devices/local/state?session=.&at=2")
            #expect(state.status == .ok)
            #expect((try state.json() as? [String: Any])?["version"] as? Int == 2)
            let replay = try await client.get("/api/devices/local/replay?session=..&at=2")
            #expect(replay.status == .ok)
            #expect((try replay.json() as? [Any])?.count == 2)
            let missing = try await client.get("/devices/local/timeline?v=2")
            #expect(missing.status == .badRequest)
            #expect(missing.body.contains("parameter session"))
            // The path form still answers for ordinary ids, and the page says which form it uses.
            let ordinary = try await client.get("/devices/local/sessions/demo-expense?v=5")
            #expect(ordinary.body.contains("data-state-url=\"/api/devices/local/sessions/demo-expense/state?at=\""))
            #expect(ordinary.body.contains("data-version-query=\"?v=\""))
        }
    }
}
