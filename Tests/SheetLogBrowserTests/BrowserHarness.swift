import Foundation
import SheetLog
import SheetLogTestSupport
import SheetLogViewerTestSupport
import Testing

/// What a browser test has: the demo's file served by the real `sheetlog-server`, and a headless
/// Chromium driven through chromedriver. Everything is started for the test and ended after it.
struct BrowserHarness {
    let directory: URL
    let server: ServerProcess
    let driver: ChromeDriver
    let browser: WebDriverSession

    /// Whether the browser tests run: Chromium installed, or CI (where `.ci/run` installs it, so a
    /// missing browser fails rather than skips).
    static var enabled: Bool { ChromeDriver.isInstalled || ProcessInfo.processInfo.environment["CI"] != nil }

    /// Where the screenshots go: `.build/viewer-screenshots/` in the package.
    static let screenshots: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/viewer-screenshots")

    /// Runs `body` with a fresh demo file (plus `prepare`'s additions), server (started with
    /// `serverArguments` after `serve --db FILE --port 0`) and browser; returns how the server exited
    /// and what it wrote (with `--verbose`, a line per request).
    @discardableResult
    static func run(
        serverArguments: [String] = [], prepare: (String) async throws -> Void = { _ in }, _ body: (BrowserHarness) async throws -> Void
    ) async throws -> ServerProcess.Exit {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sheetlog.sqlite").path
        let demo = try await InProcessCommand.run(.sheetlog, ["--db", path, "demo", "--plain"])
        try #require(demo.status == 0, "\(demo.stderr)")
        try await prepare(path)
        let server = try ServerProcess.start(executable: ProductBinary.url("sheetlog-server"), database: path, extra: serverArguments)
        let driver = try ChromeDriver.start()
        defer { driver.stop() }
        let browser = try await WebDriverSession.start(driver: driver)
        let harness = BrowserHarness(directory: directory, server: server, driver: driver, browser: browser)
        do {
            try await body(harness)
        } catch {
            await browser.quit()
            driver.stop()
            _ = try? server.stop()
            throw error
        }
        await browser.quit()
        driver.stop()
        let exit = try server.stop()
        #expect(exit.status == 0, "\(exit.stderr)")
        return exit
    }

    /// Opens `path` (with its query) on the server and waits until the page says it is ready:
    /// `ready` is a JavaScript expression.
    func open(_ path: String, until ready: String = "document.readyState === 'complete'") async throws {
        let url = try #require(URL(string: path, relativeTo: server.url)?.absoluteURL)
        try await browser.navigate(to: url)
        try await browser.waitFor("\(path) to be ready", "return \(ready);")
    }

    /// Opens a timeline and waits until its event list is drawn and the state of `version` is shown.
    func openTimeline(_ session: String, version: Int? = nil) async throws {
        let query = version.map { "?v=\($0)" } ?? ""
        try await open("/devices/local/sessions/\(session)\(query)", until: "document.querySelector('#timeline[data-ready]') !== null && document.querySelector('#state') !== null")
    }

    /// Waits until the state panel shows `version` and no newer panel is on its way.
    func waitForState(_ version: Int) async throws {
        try await browser.waitFor("the state of v\(version)", """
            var timeline = document.getElementById('timeline');
            var state = document.getElementById('state');
            return state !== null && state.getAttribute('data-version') === '\(version)' && !timeline.hasAttribute('data-loading');
            """)
    }

    /// Saves the viewport as `name`.png under ``screenshots``.
    func screenshot(_ name: String) async throws {
        try FileManager.default.createDirectory(at: Self.screenshots, withIntermediateDirectories: true)
        try await browser.screenshot().write(to: Self.screenshots.appendingPathComponent("\(name).png"))
    }

    /// The result of a JavaScript expression.
    func value(_ expression: String) async throws -> Any? {
        try await browser.execute("return \(expression);")
    }

    func strings(_ expression: String) async throws -> [String] {
        try await value(expression) as? [String] ?? []
    }
}
