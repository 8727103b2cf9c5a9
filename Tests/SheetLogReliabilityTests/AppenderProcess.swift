import Foundation
import SheetLogTestSupport

/// The `sheetlog-crash-appender` child process: started with arguments, read line by line, killed.
final class AppenderProcess {
    /// The executable, built next to the test bundle (`SHEETLOG_CRASH_APPENDER` overrides).
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["SHEETLOG_CRASH_APPENDER"] {
            return URL(fileURLWithPath: path)
        }
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent("SheetLogCrashAppender")
    }

    let process = Process()
    private let output = Pipe()
    private var buffer: [UInt8] = []
    private var finished = false

    init(executable: URL = AppenderProcess.executable, arguments: [String], errorLog: String) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: errorLog, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errorLog)
        try process.run()
    }

    /// The next whole line, blocking until it arrives; nil once the child closed its output.
    func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if finished { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(output.fileHandleForReading.fileDescriptor, $0.baseAddress, 4096) }
            if count <= 0 {
                finished = true
                // A line cut short by the kill was never completely written: it is not an ack.
                buffer.removeAll()
                return nil
            }
            buffer += chunk[..<count]
        }
    }

    /// Every remaining line until the child closed its output.
    func remainingLines() -> [String] {
        var lines: [String] = []
        while let line = nextLine() { lines.append(line) }
        return lines
    }

    func kill() {
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the child to exit; its termination status.
    func waitForExit() -> Int32 {
        if !process.waitForExit(timeout: .seconds(300)) { Glibc.kill(process.processIdentifier, SIGKILL) }
        _ = process.waitForExit(timeout: .seconds(10))
        return process.terminationStatus
    }
}
