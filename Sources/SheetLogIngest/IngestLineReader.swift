#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SheetLogDomain

/// Reads JSON Lines input from a file descriptor as raw bytes, line by line.
///
/// Bytes are never decoded here (invalid UTF-8 must reach ``IngestDecoder`` untouched, not be
/// repaired), and a line longer than `maxLineBytes` is not kept in memory beyond the limit: only
/// its length is counted. A trailing `\r` is dropped so that CRLF files read as expected, and a
/// UTF-8 byte-order mark at the start of the input is skipped.
///
/// ```swift
/// var reader = IngestLineReader(fileDescriptor: STDIN_FILENO, maxLineBytes: 64 * 1024)
/// while let line = try reader.next() { … }
/// ```
public struct IngestLineReader {
    private let fileDescriptor: Int32
    private let maxLineBytes: Int
    private var buffer: [UInt8] = []
    private var bufferIndex = 0
    /// How many bytes of `buffer` the last read filled.
    private var bufferEnd = 0
    private var atEnd = false
    private var lineNumber = 0

    public init(fileDescriptor: Int32, maxLineBytes: Int) {
        self.fileDescriptor = fileDescriptor
        self.maxLineBytes = maxLineBytes
    }

    /// The next line, or nil at the end of the input; throws ``SheetLogError/Code/storage`` when reading fails.
    public mutating func next() throws(SheetLogError) -> IngestRawLine? {
        var line: [UInt8] = []
        var length = 0
        var sawAnything = false
        while true {
            if bufferIndex == bufferEnd {
                if atEnd { break }
                try refill()
                continue
            }
            sawAnything = true
            let byte = buffer[bufferIndex]
            bufferIndex += 1
            if byte == 0x0A {
                lineNumber += 1
                return finish(line, length: length)
            }
            length += 1
            if line.count <= maxLineBytes { line.append(byte) }
        }
        guard sawAnything, length > 0 else { return nil }
        lineNumber += 1
        return finish(line, length: length)
    }

    /// Whether ``next()`` can return a line without reading the input again: a whole line (or the
    /// input's last, unterminated one) is already in the buffer. Lets a caller tell the lines that
    /// arrived together from a line it would have to wait for.
    public var hasBufferedLine: Bool {
        guard bufferIndex < bufferEnd else { return false }
        return atEnd || buffer[bufferIndex..<bufferEnd].contains(0x0A)
    }

    private func finish(_ line: [UInt8], length: Int) -> IngestRawLine {
        var line = line
        var length = length
        if line.last == 0x0D, length == line.count {
            line.removeLast()
            length -= 1
        }
        // A UTF-8 byte-order mark, as some Windows editors write, is accepted at the very start of
        // the input only; anywhere else the decoder names it in its error.
        if lineNumber == 1, line.starts(with: IngestDecoder.byteOrderMark) {
            line.removeFirst(IngestDecoder.byteOrderMark.count)
            length -= IngestDecoder.byteOrderMark.count
        }
        return IngestRawLine(number: lineNumber, bytes: line, length: length)
    }

    private mutating func refill() throws(SheetLogError) {
        if buffer.count != Self.chunkSize { buffer = [UInt8](repeating: 0, count: Self.chunkSize) }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SheetLogError(
                    .storage, "reading the input failed: \(FileSystemReason.text(for: errno))", context: .init(operation: "ingest"))
            }
            if count == 0 { atEnd = true }
            bufferIndex = 0
            bufferEnd = count
            return
        }
    }

    private static let chunkSize = 64 * 1024
}
