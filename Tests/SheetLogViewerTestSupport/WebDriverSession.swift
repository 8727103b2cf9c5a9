import Foundation

/// A browser session driven through the W3C WebDriver HTTP protocol (over ``LoopbackHTTP``): headless Chromium, as root
/// (`--no-sandbox`), without /dev/shm.
///
/// Waits are explicit: ``waitFor(_:timeout:_:)`` polls a condition in the page until it holds or a
/// deadline passes; nothing sleeps in the hope that the page is ready.
public struct WebDriverSession: Sendable {
    /// Keys as WebDriver codes them.
    public enum Key: String, Sendable {
        case arrowLeft = "\u{E012}"
        case arrowRight = "\u{E014}"
        case home = "\u{E011}"
        case end = "\u{E010}"
    }

    public let driver: URL
    public let id: String

    /// Starts a browser with a window of `width`×`height`.
    public static func start(driver: ChromeDriver, width: Int = 1280, height: Int = 860) async throws -> WebDriverSession {
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": ChromeDriver.browserPath,
                        "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=\(width),\(height)", "--hide-scrollbars"],
                    ],
                ] as [String: Any],
            ],
        ]
        let value = try await call(driver.url.appendingPathComponent("session"), method: "POST", body: capabilities)
        guard let object = value as? [String: Any], let id = object["sessionId"] as? String else {
            throw WebDriverError(message: "no session id in \(String(describing: value))")
        }
        return WebDriverSession(driver: driver.url, id: id)
    }

    public func navigate(to url: URL) async throws {
        _ = try await command("url", method: "POST", body: ["url": url.absoluteString])
    }

    public func currentURL() async throws -> String {
        try await command("url", method: "GET") as? String ?? ""
    }

    /// Runs `script` (a function body; `arguments[0]`… are `args`) in the page and returns its JSON result.
    @discardableResult
    public func execute(_ script: String, _ args: [Any] = []) async throws -> Any? {
        try await command("execute/sync", method: "POST", body: ["script": script, "args": args])
    }

    /// Polls `script` (a function body returning a value) until it returns something other than
    /// null, false or "" — and returns that — or throws once `timeout` seconds have passed.
    @discardableResult
    public func waitFor(_ what: String, timeout: TimeInterval = 30, _ script: String) async throws -> Any {
        let deadline = Date().addingTimeInterval(timeout)
        var last: Any?
        repeat {
            last = try await execute(script)
            if let value = last, !(value is NSNull), (value as? Bool) != false, (value as? String) != "" { return value }
            try await Task.sleep(nanoseconds: 25_000_000)
        } while Date() < deadline
        throw WebDriverError(message: "timed out after \(timeout) s waiting for \(what) (last: \(String(describing: last)))")
    }

    /// The element matching a CSS selector (its WebDriver reference).
    public func element(_ selector: String) async throws -> String {
        let value = try await command("element", method: "POST", body: ["using": "css selector", "value": selector])
        guard let object = value as? [String: Any], let reference = object[Self.elementKey] as? String else {
            throw WebDriverError(message: "no element for \(selector)")
        }
        return reference
    }

    public func click(_ element: String) async throws {
        _ = try await command("element/\(element)/click", method: "POST", body: [String: Any]())
    }

    /// Presses and releases `key` as a user does, on whatever has the focus.
    public func press(_ key: Key) async throws {
        let actions: [String: Any] = [
            "actions": [[
                "type": "key", "id": "keyboard",
                "actions": [["type": "keyDown", "value": key.rawValue], ["type": "keyUp", "value": key.rawValue]],
            ] as [String: Any]],
        ]
        _ = try await command("actions", method: "POST", body: actions)
    }

    /// The viewport as a PNG.
    public func screenshot() async throws -> Data {
        guard let base64 = try await command("screenshot", method: "GET") as? String, let data = Data(base64Encoded: base64) else {
            throw WebDriverError(message: "the screenshot is not base64 PNG")
        }
        return data
    }

    /// Ends the session and its browser.
    public func quit() async {
        _ = try? await Self.call(driver.appendingPathComponent("session/\(id)"), method: "DELETE", body: nil)
    }

    private func command(_ path: String, method: String, body: Any? = nil) async throws -> Any? {
        try await Self.call(driver.appendingPathComponent("session/\(id)/\(path)"), method: method, body: body)
    }

    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    /// One WebDriver call: the `value` of its answer, or its error as ``WebDriverError``.
    private static func call(_ url: URL, method: String, body: Any?) async throws -> Any? {
        let (status, data) = try await LoopbackHTTP.request(url, method: method, body: try body.map { try JSONSerialization.data(withJSONObject: $0) })
        let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
        let value = object?["value"]
        if status != 200 {
            let detail = value as? [String: Any]
            throw WebDriverError(message: "\(method) \(url.path): HTTP \(status) \(detail?["error"] ?? "") \(detail?["message"] ?? "")")
        }
        return value
    }
}

public struct WebDriverError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
