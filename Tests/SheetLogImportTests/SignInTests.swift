import Foundation
import Hummingbird
import HummingbirdTesting
import PostgresNIO
import SheetLogCore
import SheetLogPush
import Testing

/// Signing in to the fleet viewer makes a server-side session (issue 34 item 9): the cookie holds a
/// random session id, never the reader token; the session ends on sign-out, when its token is
/// revoked, after 8 hours idle and 24 hours in all; a cookie holding a token lets nothing in. Run
/// against a live server on loopback and the real fleet store.
@Suite(.timeLimit(.minutes(5))) struct SignInTests {
    /// The viewer's own origin as the test clients reach it (`Host: localhost`).
    static let origin = "http://localhost"
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .origin: origin]

    /// Signs in with `token` through `POST /login`; the cookie's `name=value`, and the value.
    static func signIn(_ client: any TestClientProtocol, _ token: String) async throws -> (cookie: String, id: String) {
        let answer = try await client.fetch("/login", method: .post, headers: form, body: "token=\(token)")
        try #require(answer.status == .seeOther, "\(answer.status) \(answer.body)")
        let header = try #require(answer.headers[.setCookie])
        let pair = try #require(header.split(separator: ";").first.map(String.init))
        let id = try #require(pair.split(separator: "=", maxSplits: 1).last.map(String.init))
        return (pair, id)
    }

    /// The `csrf` field of the first form of `page` that carries one.
    static func csrf(in page: String) -> String? {
        guard let start = page.range(of: #"name="csrf" value=""#) else { return nil }
        return String(page[start.upperBound...].prefix { $0 != "\"" })
    }

    /// Every row of `reader_sessions`: the stored hash, and the token's hash.
    static func sessionRows(_ harness: CollectorHarness) async throws -> [(String, String)] {
        try await harness.fleet.withConnection { connection in
            var rows: [(String, String)] = []
            for try await row in try await connection.query("SELECT sha256, token_sha256 FROM reader_sessions", logger: FleetDatabase.logger)
                .decode((String, String).self)
            {
                rows.append(row)
            }
            return rows
        }
    }

    @Test func theCookieHoldsARandomSessionIDStoredHashedNeverTheToken() async throws {
        let harness = try await CollectorHarness.make()
        defer { harness.close() }
        let id = try await harness.run(.live) { client in
            let (cookie, id) = try await Self.signIn(client, harness.readerToken)
            #expect(!cookie.contains(harness.readerToken) && !cookie.contains(String(harness.readerToken.dropFirst(4))), "\(cookie)")
            #expect(id.hasPrefix("sls_") && id.utf8.count == 68, "\(id)")
            let page = try await client.fetch("/", headers: [.cookie: cookie])
            #expect(page.status == .ok && page.body.contains(#"action="/logout""#) && page.body.contains("signed in as <b>support</b>"))
            let again = try await Self.signIn(client, harness.readerToken)
            #expect(again.id != id, "each sign-in is a session of its own")
            return id
        }
        let rows = try await Self.sessionRows(harness)
        #expect(rows.count == 2)
        #expect(rows.contains { $0.0 == Checksum.sha256Hex(id) && $0.1 == Checksum.sha256Hex(harness.readerToken) }, "only the id's SHA-256 is stored")
        #expect(!harness.logs.text.contains(id) && !harness.logs.text.contains(harness.readerToken))
    }

    @Test(arguments: Transport.allCases)
    func aCookieHoldingAReaderTokenLetsNothingIn(_ transport: Transport) async throws {
        let harness = try await CollectorHarness.make()
        defer { harness.close() }
        try await harness.run(transport) { client in
            let handMade: HTTPFields = [.cookie: "sheetlog_reader=\(harness.readerToken)"]
            let page = try await client.fetch("/", headers: handMade)
            #expect(page.status == .seeOther && page.headers[.location] == "/login", "\(page.status)")
            #expect(page.headers[.setCookie]?.contains("Max-Age=0") == true, "the cookie is cleared")
            let api = try await client.fetch("/api/devices", headers: handMade)
            #expect(api.status == .unauthorized && !api.body.contains(harness.device))
            let oversized = try await client.fetch("/", headers: [.cookie: "sheetlog_reader=sls_" + String(repeating: "a", count: 5_000)])
            #expect(oversized.status == .seeOther && oversized.headers[.location] == "/login")
        }
    }

    @Test func signingOutEndsTheSessionOnTheServer() async throws {
        let harness = try await CollectorHarness.make()
        defer { harness.close() }
        try await harness.run(.live) { client in
            let (cookie, _) = try await Self.signIn(client, harness.readerToken)
            let page = try await client.fetch("/", headers: [.cookie: cookie])
            let csrf = try #require(Self.csrf(in: page.body), "the sign-out form carries the CSRF token")
            var headers = Self.form
            headers[.cookie] = cookie
            let forged = try await client.fetch("/logout", method: .post, headers: headers, body: "csrf=" + String(repeating: "0", count: 64))
            #expect(forged.status == .forbidden, "a sign-out without the session's CSRF token: \(forged.status)")
            #expect(try await client.fetch("/", headers: [.cookie: cookie]).status == .ok, "and the session goes on")

            let signedOut = try await client.fetch("/logout", method: .post, headers: headers, body: "csrf=\(csrf)")
            #expect(signedOut.status == .seeOther && signedOut.headers[.location] == "/login")
            #expect(signedOut.headers[.setCookie]?.contains("Max-Age=0") == true)
            // The browser forgets the cookie; a copy of it is refused by the server.
            let copied = try await client.fetch("/", headers: [.cookie: cookie])
            #expect(copied.status == .seeOther && copied.headers[.location] == "/login", "\(copied.status)")
            #expect(try await client.fetch("/api/devices", headers: [.cookie: cookie]).status == .unauthorized)
        }
        #expect(try await Self.sessionRows(harness).isEmpty)
    }

    @Test func revokingTheTokenEndsItsSessionsAtOnce() async throws {
        let harness = try await CollectorHarness.make()
        defer { harness.close() }
        let other = try await harness.collector.tokens.add(.reader("omar"))
        try await harness.run(.live) { client in
            let (cookie, _) = try await Self.signIn(client, harness.readerToken)
            let (otherCookie, _) = try await Self.signIn(client, other)
            #expect(try await harness.collector.tokens.revoke(.reader("support")) == 1)
            #expect(try await client.fetch("/", headers: [.cookie: cookie]).status == .seeOther)
            #expect(try await client.fetch("/", headers: [.cookie: otherCookie]).status == .ok, "another reader's session goes on")

            // A revocation written straight into `tokens` (no session deleted) ends it too: the
            // lookup joins the token.
            try await harness.fleet.withConnection { connection in
                _ = try await connection.query("UPDATE tokens SET revoked_at = 1 WHERE subject = 'omar'", logger: FleetDatabase.logger)
            }
            #expect(try await Self.sessionRows(harness).count == 1)
            #expect(try await client.fetch("/", headers: [.cookie: otherCookie]).status == .seeOther)
        }
    }

    @Test func aSessionEndsAfterEightHoursIdleAndTwentyFourHoursInAll() async throws {
        let clock = ManualClock(milliseconds: 1_767_225_600_000)
        let harness = try await CollectorHarness.make(clock: clock)
        defer { harness.close() }
        let hour: Int64 = 3_600_000
        try await harness.run(.live) { client in
            func status(_ cookie: String) async throws -> HTTPResponse.Status {
                try await client.fetch("/", headers: [.cookie: cookie]).status
            }
            let (busy, _) = try await Self.signIn(client, harness.readerToken)
            let (idle, _) = try await Self.signIn(client, harness.readerToken)
            // Used every 8 hours less a millisecond: the idle limit never runs out, the absolute one does.
            for _ in 0..<3 {
                clock.advance(by: 8 * hour - 1)
                #expect(try await status(busy) == .ok)
            }
            #expect(try await status(idle) == .seeOther, "8 hours without use")
            clock.set(milliseconds: 1_767_225_600_000 + 24 * hour - 1)
            #expect(try await status(busy) == .ok, "the last millisecond of the 24 hours")
            clock.advance(by: 1)
            #expect(try await status(busy) == .seeOther, "24 hours after sign-in, however busy")
        }
    }

    @Test func formsPostedFromAnotherOriginChangeNothing() async throws {
        let harness = try await CollectorHarness.make()
        defer { harness.close() }
        let revealer = try await harness.collector.tokens.add(.revealer("ines"))
        try await harness.run(.live) { client in
            try await RevealTests.pushed(harness, client)
            let loginForm: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            for foreign in [["Origin": "http://127.0.0.1:9999"], ["Origin": "http://localhost:8081"], ["Origin": "null"],
                            ["Referer": "http://evil.localhost/page"], [:]] {
                var headers = loginForm
                for (name, value) in foreign { headers[HTTPFields.Element.Name(name)!] = value }
                let login = try await client.fetch("/login", method: .post, headers: headers, body: "token=\(revealer)")
                #expect(login.status == .forbidden && login.headers[.setCookie] == nil, "\(foreign): \(login.status)")
                #expect(login.body.contains("<html") && login.body.contains("nothing was changed"))
            }
            #expect(try await Self.sessionRows(harness).isEmpty, "no session made from another origin")
            var fromReferer = loginForm
            fromReferer[.referer] = "http://localhost/login"
            #expect(try await client.fetch("/login", method: .post, headers: fromReferer, body: "token=\(revealer)").status == .seeOther,
                    "without Origin, the Referer's origin is the viewer's")

            let (cookie, _) = try await Self.signIn(client, revealer)
            let timeline = try await client.fetch("/devices/\(harness.device)/sessions/s1", headers: [.cookie: cookie])
            let csrf = try #require(Self.csrf(in: timeline.body.components(separatedBy: #"id="reveal-form""#).last ?? ""),
                                    "the Reveal form carries the CSRF token")
            let reveal = "/devices/\(harness.device)/reveal?session=s1&v=2"
            var foreign = Self.form
            foreign[.origin] = "http://127.0.0.1:9999"
            foreign[.cookie] = cookie
            let crossOrigin = try await client.fetch(reveal, method: .post, headers: foreign, body: "csrf=\(csrf)")
            #expect(crossOrigin.status == .forbidden && crossOrigin.body.contains("<html"), "\(crossOrigin.status)")
            var own = Self.form
            own[.cookie] = cookie
            let withoutField = try await client.fetch(reveal, method: .post, headers: own, body: "")
            #expect(withoutField.status == .forbidden && withoutField.body.contains("CSRF"), "\(withoutField.status)")
            let wrongField = try await client.fetch(reveal, method: .post, headers: own, body: "csrf=" + String(repeating: "0", count: 64))
            #expect(wrongField.status == .forbidden)
            let api = try await client.fetch("/api/devices/\(harness.device)/reveal?session=s1", method: .post, headers: own)
            #expect(api.status == .forbidden, "the API's reveal on the cookie takes the CSRF token too")
            #expect(try await harness.collector.revealRecords(limit: 10, before: nil).isEmpty, "nothing recorded")

            let revealed = try await client.fetch(reveal, method: .post, headers: own, body: "csrf=\(csrf)")
            #expect(revealed.status == .seeOther && revealed.headers[.location]?.contains("reveal=") == true, "\(revealed.status) \(revealed.body)")
            let bearer = try await client.fetch(
                "/api/devices/\(harness.device)/reveal?session=s1", method: .post, headers: [.authorization: "Bearer \(revealer)"])
            #expect(bearer.status == .created, "a Bearer request needs neither Origin nor CSRF token")
            #expect(try await harness.collector.revealRecords(limit: 10, before: nil).count == 2)
        }
    }
}
