import Foundation
import SheetLogCore

/// A child process driven one line at a time, as a script talks to `sheetlog ingest --each`: each
/// line is written to its stdin only once the answer to the previous one has been read from its
/// stdout, so every line waits for its own commit and none shares another's.
final class LineByLineChild {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    /// Bytes read from stdout after the last complete answer.
    private var pending: [UInt8] = []

    /// Starts `program arguments…` with both pipes open; stderr is dropped.
    init(_ program: URL, _ arguments: [String]) throws {
        // A child that dies while a line is written must fail the figure, not kill the benchmark.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = program
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Writes `line` and a line break, then reads until the child's next answer line; returns it.
    func exchange(_ line: [UInt8]) throws -> [UInt8] {
        do {
            try input.fileHandleForWriting.write(contentsOf: line + [0x0A])
        } catch {
            throw Self.failure("writing a line to \(process.executableURL?.lastPathComponent ?? "the child") failed: \(error)")
        }
        return try nextAnswer()
    }

    /// Closes stdin (the end of the input), reads what is left and waits; throws unless it exited 0.
    func finish() throws {
        try input.fileHandleForWriting.close()
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Self.failure("\(process.executableURL?.lastPathComponent ?? "the child") exited \(process.terminationStatus)")
        }
    }

    private func nextAnswer() throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            if let end = pending.firstIndex(of: 0x0A) {
                let answer = Array(pending[..<end])
                pending.removeSubrange(...end)
                return answer
            }
            let count = buffer.withUnsafeMutableBytes { read(output.fileHandleForReading.fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Self.failure("the child's stdout ended before its answer (exit on its way)") }
            pending += buffer[..<count]
        }
    }

    private static func failure(_ message: String) -> SheetLogError {
        SheetLogError(.storage, message, context: SheetLogError.Context(operation: "ingest --each figure"))
    }
}
