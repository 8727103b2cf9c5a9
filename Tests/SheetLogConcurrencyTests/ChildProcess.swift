import Foundation
import SheetLogTestSupport

/// A `sheetlog` child process whose output is drained while it runs.
final class ChildProcess: @unchecked Sendable {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    private let process = Process()
    private let group = DispatchGroup()
    /// The child's stdin, when it was started held (see ``init(held:)``).
    private var gate: Pipe?
    // Written by the drain blocks before `group` leaves, read only after `group.wait()`.
    private var out = Data(), err = Data()

    /// Starts `sheetlog arguments…` with no input.
    convenience init(_ arguments: [String]) throws {
        try self.init(arguments, held: false)
    }

    /// Starts a shell that waits for ``release()`` and then becomes `sheetlog arguments…`: children
    /// started held and released one right after the other start `sheetlog` at the same instant.
    convenience init(held arguments: [String]) throws {
        try self.init(arguments, held: true)
    }

    private init(_ arguments: [String], held: Bool) throws {
        if held {
            // `read` returns at the release's newline; `exec` keeps the child's pid and pipes.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", #"read _ && exec "$0" "$@""#, Self.executable.path] + arguments
        } else {
            process.executableURL = Self.executable
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SHEETLOG_DB")
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        if held {
            let gate = Pipe()
            self.gate = gate
            process.standardInput = gate
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        DispatchQueue.global().async(group: group) { self.out = stdout.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { self.err = stderr.fileHandleForReading.readDataToEndOfFile() }
    }

    var isRunning: Bool { process.isRunning }

    /// Kills the child with SIGKILL, as a power loss or `kill -9` ends a process: no cleanup runs.
    func killNow() {
        kill(process.processIdentifier, SIGKILL)
    }

    /// Lets a child started with ``init(held:)`` go on; its stdin is closed after the newline.
    func release() throws {
        guard let gate else { return }
        try gate.fileHandleForWriting.write(contentsOf: Data("\n".utf8))
        try gate.fileHandleForWriting.close()
    }

    /// Waits for the child's end, bounded (a hang fails the test instead of stalling the suite).
    func wait() -> Result {
        if !process.waitForExit(timeout: .seconds(600)) { kill(process.processIdentifier, SIGKILL) }
        _ = process.waitForExit(timeout: .seconds(10))
        _ = group.wait(timeout: .now() + 30)
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// The `sheetlog` executable in the products directory the tests run from.
    static let executable = ProductBinary.url("sheetlog")
}
