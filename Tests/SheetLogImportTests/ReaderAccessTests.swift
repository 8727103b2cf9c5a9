import Foundation
import Hummingbird
import HummingbirdTesting
import SheetLogPush
import Testing

/// Reading the fleet takes a reader token: `Authorization: Bearer` for the API, the `/login` session
/// cookie for the pages. A device token, an unknown or revoked token, and no token at all read nothing, and
/// no token ever reaches the log.
@Suite struct ReaderAccessTests {
    @Test(arguments: Transport.allCases)
    func theAPIAndThePagesNeedAReaderToken(_ transport: Transport) async throws {
        let file = try await CollectorRouteTests.file.value
        let events = try await storedEvents(of: file)
        let harness = try await CollectorHarness.make()
        defer { harness.close() }
        try await harness.run(transport) { client in
            #expect(try await client.push(harness.device, PushBatch.encode(events[0..<30]), token: harness.deviceToken).status == .ok)

            let anonymous = try await client.fetch("/api/devices")
            #expect(anonymous.status == .unauthorized && anonymous.code == "unauthorized")
            #expect(anonymous.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
            let asDevice = try await client.fetch("/api/devices", headers: [.authorization: "Bearer \(harness.deviceToken)"])
            #expect(asDevice.status == .forbidden)
            let asReader = try await client.fetch("/api/devices", headers: [.authorization: "Bearer \(harness.readerToken)"])
            #expect(asReader.status == .ok && asReader.body.contains(harness.device), "\(asReader.body)")

            let page = try await client.fetch("/devices/\(harness.device)/sessions")
            #expect(page.status == .seeOther && page.headers[.location] == "/login")
            let form = try await client.fetch("/login")
            #expect(form.status == .ok && form.body.contains(#"<form method="post" action="/login">"#))
            #expect(try await client.fetch("/health").status == .ok)
            #expect(try await client.fetch("/assets/viewer.css").status == .ok)

            let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .origin: SignInTests.origin]
            let wrong = try await client.fetch("/login", method: .post, headers: formHeaders, body: "token=\(harness.deviceToken)")
            #expect(wrong.status == .forbidden && wrong.headers[.setCookie] == nil)
            let unknown = try await client.fetch("/login", method: .post, headers: formHeaders, body: "token=slr_" + String(repeating: "a", count: 64))
            #expect(unknown.status == .unauthorized && unknown.headers[.setCookie] == nil)
            let oversized = try await client.fetch("/login", method: .post, headers: formHeaders, body: String(repeating: "a", count: 5_000))
            #expect(oversized.status == .contentTooLarge, "a form over 1 KiB: \(oversized.status)")
            let signedIn = try await client.fetch("/login", method: .post, headers: formHeaders, body: "token=\(harness.readerToken)")
            #expect(signedIn.status == .seeOther && signedIn.headers[.location] == "/")
            let cookie = try #require(signedIn.headers[.setCookie])
            for attribute in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age="] {
                #expect(cookie.localizedCaseInsensitiveContains(attribute), "\(cookie)")
            }
            #expect(!cookie.contains("Secure"), "plain HTTP on loopback")
            let pair = try #require(cookie.split(separator: ";").first.map(String.init))
            let sessions = try await client.fetch("/devices/\(harness.device)/sessions", headers: [.cookie: pair])
            #expect(sessions.status == .ok && sessions.body.contains("<table"), "\(sessions.status)")
            let viaProxy = try await client.fetch(
                "/login", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .origin: "https://localhost", HTTPFields.Element.Name("X-Forwarded-Proto")!: "https"],
                body: "token=\(harness.readerToken)")
            #expect(viaProxy.headers[.setCookie]?.contains("Secure") == true, "behind a TLS proxy the cookie is Secure")

            #expect(try await harness.collector.tokens.revoke(.reader("support")) == 1)
            let revoked = try await client.fetch("/devices/\(harness.device)/sessions", headers: [.cookie: pair])
            #expect(revoked.status == .seeOther && revoked.headers[.setCookie]?.contains("Max-Age=0") == true, "a revoked token's session cookie is cleared")
            let revokedAPI = try await client.fetch("/api/devices", headers: [.authorization: "Bearer \(harness.readerToken)"])
            #expect(revokedAPI.status == .unauthorized)
        }
        let log = harness.logs.text
        #expect(log.contains("GET /api/devices 200"), "\(log)")
        for token in [harness.readerToken, harness.deviceToken] {
            #expect(!log.contains(token))
            #expect(!log.contains(String(token.dropFirst(4).prefix(16))))
        }
    }
}
