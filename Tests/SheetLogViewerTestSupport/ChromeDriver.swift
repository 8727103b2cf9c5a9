import Foundation

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
    private let process: Process
    private let output: OutputCollector

    private init(url: URL, process: Process, output: OutputCollector) {
        self.url = url
        self.process = process
        self.output = output
    }

    /// Starts the driver and waits (bounded) until it says on which port it listens.
    public static func start(timeout: TimeInterval = 60) throws -> ChromeDriver {
        let process = Process()
        // Foundation starts it as the leader of a process group of its own, which the browsers it
        // starts join: stopping the group ends them all.
        process.executableURL = URL(fileURLWithPath: driverPath)
        process.arguments = ["--port=0", "--log-level=WARNING"]
        let output = OutputCollector()
        process.standardOutput = output.stdout
        process.standardError = output.stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let marker = "started successfully on port "
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            let text = output.stdoutText
            if let range = text.range(of: marker) {
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                if let port = Int(digits), text[range.upperBound...].dropFirst(digits.count).first == "." {
                    return ChromeDriver(url: URL(string: "http://127.0.0.1:\(port)")!, process: process, output: output)
                }
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        throw ServerFailure(message: "chromedriver did not start: \(output.stdoutText) \(output.stderrText)")
    }

    /// Ends the driver and every browser it started (its whole process group), within a bound.
    public func stop() {
        guard process.isRunning else { return }
        let group = process.processIdentifier
        kill(-group, SIGTERM)
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        kill(-group, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}
