import Foundation
import SheetLogTestSupport

/// A running `chromedriver` (Debian's `chromium-driver`), on a port it chose itself (`--port=0`,
/// read back from the line it prints), for the browser tests.
public final class ChromeDriver: @unchecked Sendable {
    public static let driverPath = "/usr/bin/chromedriver"
    public static let browserPath = "/usr/bin/chromium"

    /// Whether Chromium and its driver are installed (`.ci/run` installs them when missing).
    public static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: driverPath) && FileManager.default.isExecutableFile(atPath: browserPath)
    }

    public let url: URL
    private let child: SpawnedProcess

    private init(url: URL, child: SpawnedProcess) {
        self.url = url
        self.child = child
    }

    /// Starts the driver and waits (bounded) until it says on which port it listens.
    ///
    /// A ``SpawnedProcess`` in a process group of its own, which the browsers it starts join:
    /// stopping the group ends them all. Not Foundation's `Process`, which would wait for Chromium's
    /// crash handler too (a session of its own, outside the group).
    ///
    /// With `--port=0` the driver picks a free port and then binds it; another process can take the
    /// port in between ("bind() failed: Address already in use … IPv4 port not available", seen
    /// once in a whole-suite run), so a driver that exits so is started again, up to three times.
    public static func start(timeout: TimeInterval = 60) throws -> ChromeDriver {
        var attempt = 1
        while true {
            do {
                return try startOnce(timeout: timeout)
            } catch let failure as ServerFailure where attempt < 3 && failure.message.contains("port not available") {
                attempt += 1
            }
        }
    }

    private static func startOnce(timeout: TimeInterval) throws -> ChromeDriver {
        let child = try SpawnedProcess([driverPath, "--port=0", "--log-level=WARNING"], ownProcessGroup: true)
        let marker = "started successfully on port "
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, child.exitStatus == nil {
            let text = child.output
            if let range = text.range(of: marker) {
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                if let port = Int(digits), text[range.upperBound...].dropFirst(digits.count).first == "." {
                    return ChromeDriver(url: URL(string: "http://127.0.0.1:\(port)")!, child: child)
                }
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        child.stop(group: true)
        throw ServerFailure(message: "chromedriver did not start: \(child.output)")
    }

    /// Ends the driver and every browser it started (its whole process group), within a bound.
    public func stop() {
        child.stop(group: true)
    }

    deinit { stop() }
}
