import Foundation
import SheetLogCore
import SheetLogPostgres
import SheetLogPostgresTestSupport
import SheetLogTestSupport
import SheetLogViewerTestSupport
import Testing

/// The fleet viewer in a real browser: signed in with a token that may reveal, a timeline shows its
/// values masked; the Reveal button records the reveal and the page, and every state panel its script
/// fetches as the reader moves through the versions, shows the values; signing out ends the sign-in.
@Suite(.serialized, .enabled(if: BrowserHarness.enabled, "Chromium and chromedriver are not installed"))
struct RevealBrowserTests {
    @Test("masked until Reveal; then the page and the panels the script fetches show the values; the access log lists it")
    func revealInTheBrowser() async throws {
        let cluster = try await PostgresCluster.shared()
        let url = cluster.url(database: try await cluster.createDatabase())
        let directory = try TemporaryDirectory("reveal-browser")
        let file = directory.path("phone.sqlite")
        #expect(try await InProcessCommand.run(.sheetlog, ["--db", file, "demo", "--plain"]).status == 0)
        let imported = try await InProcessCommand.run(.sheetlogServer, ["import", "--postgres", url, "--device", "phone", file])
        try #require(imported.status == 0, "\(imported.stderr)")
        let tokens = try await PostgresTokenStore.open(url: url)
        let token = try await tokens.add(.revealer("ines"))
        tokens.close()

        let server = try ServerProcess.start(executable: ProductBinary.url("sheetlog-server"), arguments: ["serve", "--postgres", url, "--port", "0"])
        let driver = try ChromeDriver.start()
        defer { driver.stop() }
        let browser = try await WebDriverSession.start(driver: driver)
        do {
            try await Self.walk(browser, server: server.url, token: token)
        } catch {
            await browser.quit()
            _ = try? server.stop()
            throw error
        }
        await browser.quit()
        #expect(try server.stop().status == 0)
    }

    static func walk(_ browser: WebDriverSession, server: URL, token: String) async throws {
        func open(_ path: String, until ready: String) async throws {
            try await browser.navigate(to: try #require(URL(string: path, relativeTo: server)?.absoluteURL))
            try await browser.waitFor(path, "return \(ready);")
        }
        func values() async throws -> [String] {
            let found = try await browser.execute("return Array.from(document.querySelectorAll('#state td.value')).map(function (c) { return c.textContent; });")
            return found as? [String] ?? []
        }
        try await open("/login", until: "document.querySelector('input[name=token]') !== null")
        try await browser.execute("document.querySelector('input[name=token]').value = arguments[0]; document.querySelector('form').submit();", [token])
        try await browser.waitFor("the sign-in", "return document.readyState === 'complete' && location.pathname !== '/login';")

        let timelineReady = "document.querySelector('#timeline[data-ready]') !== null && document.querySelector('#state') !== null"
        try await open("/devices/phone/sessions/demo-expense?v=3", until: timelineReady)
        #expect(try await values().contains("••••"))
        #expect(try await values().contains("47.50") == false)
        // A panel the script draws from the state endpoint is masked as the server's is.
        try await browser.press(.arrowRight)
        try await browser.waitFor("the state of v4", """
            var t = document.getElementById('timeline'); var s = document.getElementById('state');
            return s !== null && s.getAttribute('data-version') === '4' && !t.hasAttribute('data-loading');
            """)
        let masked = try await values()
        #expect(masked.contains("••••") && !masked.contains("47.50"), "\(masked)")
        #expect(try await browser.execute("return document.querySelectorAll('#state .marker.withheld').length;") as? Int ?? 0 > 0)

        try await browser.click(try await browser.element("#reveal"))
        try await browser.waitFor("the revealed timeline", "return document.getElementById('revealed') !== null && \(timelineReady);")
        let revealed = try await values()
        #expect(revealed.contains("47.50"), "\(revealed)")
        #expect(try await browser.currentURL().contains("reveal="))

        // The script fetches the panel of each version it moves to: within the reveal, with values.
        try await browser.press(.home)
        try await browser.waitFor("the state of v1", "var s = document.getElementById('state'); return s !== null && s.getAttribute('data-version') === '1';")
        try await browser.press(.end)
        try await browser.waitFor("the last state", """
            var t = document.getElementById('timeline'); var s = document.getElementById('state');
            return s !== null && s.getAttribute('data-version') === t.getAttribute('data-versions') && !t.hasAttribute('data-loading');
            """)
        try await browser.press(.arrowLeft)
        try await browser.waitFor("the state before the last", """
            var t = document.getElementById('timeline'); var s = document.getElementById('state');
            return s !== null && s.getAttribute('data-version') === String(Number(t.getAttribute('data-versions')) - 1) && !t.hasAttribute('data-loading');
            """)
        let fetched = try await values()
        #expect(!fetched.isEmpty && !fetched.contains("••••"), "a fetched panel within the reveal is not masked: \(fetched)")
        #expect(try await browser.currentURL().contains("reveal="), "the address keeps the reveal")

        try await open("/access-log", until: "document.querySelector('table.access-log') !== null")
        let rows = try await browser.execute("return Array.from(document.querySelectorAll('table.access-log tbody tr')).map(function (r) { return r.textContent; });")
        let text = (rows as? [String] ?? []).joined(separator: "\n")
        #expect(text.contains("ines") && text.contains("demo-expense") && text.contains("phone"), "\(text)")

        // Sign out: the session ends on the server, and the pages send the browser to /login again.
        try await browser.click(try await browser.element("#sign-out"))
        try await browser.waitFor("the sign-out", "return document.readyState === 'complete' && location.pathname === '/login';")
        try await browser.navigate(to: try #require(URL(string: "/", relativeTo: server)?.absoluteURL))
        try await browser.waitFor("the sign-in form again", "return location.pathname === '/login' && document.querySelector('input[name=token]') !== null;")
    }
}
