import Foundation
import SheetLogTestSupport
import Testing

/// `ingest --each` read by a client that writes a line, waits for its answer, then writes the next.
@Suite("sheetlog ingest --each, interactive")
struct CLIInteractiveEachTests {
    @Test("each line is answered before the next is written: the run never waits for input while a line is unanswered")
    func answersBeforeTheNextLine() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let process = Process()
        process.executableURL = CLIHarness.executable
        process.arguments = ["--db", cli.database, "ingest", "-", "--each"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let answers = LineReader(stdout.fileHandleForReading)
        for (index, line) in IngestLines.expenseFlow().enumerated() {
            stdin.fileHandleForWriting.write(Data((line + "\n").utf8))
            let answer = try #require(answers.next(timeout: .seconds(20)), "no answer to line \(index + 1) while the client waits")
            #expect(answer.contains(#""line":\#(index + 1)"#), "\(answer)")
            #expect(answer.contains(#""ack":"e-\#(index + 1)""#), "\(answer)")
        }
        try stdin.fileHandleForWriting.close()
        try process.requireExit(within: .seconds(120))
        #expect(process.terminationStatus == 0)
        #expect(try StoredLog(path: cli.database).eventCount() == 4)
    }
}

/// Reads lines from a pipe on a thread of its own, so that a test can wait for one with a timeout.
private final class LineReader: @unchecked Sendable {
    private let lock = NSCondition()
    private var lines: [String] = []
    private var ended = false

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            var buffer = Data()
            while true {
                let chunk = handle.availableData
                lock.lock()
                if chunk.isEmpty {
                    ended = true
                    lock.broadcast()
                    lock.unlock()
                    return
                }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    lines.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                    buffer.removeSubrange(buffer.startIndex...newline)
                }
                lock.broadcast()
                lock.unlock()
            }
        }
    }

    /// The next line, or nil when none came in time (or the pipe ended).
    func next(timeout: Duration) -> String? {
        let deadline = Date().addingTimeInterval(Double(timeout.components.seconds))
        lock.lock()
        defer { lock.unlock() }
        while lines.isEmpty && !ended {
            if !lock.wait(until: deadline) { return nil }
        }
        return lines.isEmpty ? nil : lines.removeFirst()
    }
}
