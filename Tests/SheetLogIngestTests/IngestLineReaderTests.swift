import Foundation
import SheetLogIngest
import Testing

@Suite("Ingest line reader")
struct IngestLineReaderTests {
    /// The lines `reader` yields for `bytes` written to a pipe.
    private func lines(of bytes: [UInt8], maxLineBytes: Int = 16) throws -> [IngestRawLine] {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(bytes))
        try pipe.fileHandleForWriting.close()
        var reader = IngestLineReader(fileDescriptor: pipe.fileHandleForReading.fileDescriptor, maxLineBytes: maxLineBytes)
        var result: [IngestRawLine] = []
        while let line = try reader.next() { result.append(line) }
        return result
    }

    @Test func splitsOnNewlinesAndDropsCarriageReturns() throws {
        let result = try lines(of: Array("a\r\n\nbc\nlast".utf8))
        #expect(result.map(\.number) == [1, 2, 3, 4])
        #expect(result.map(\.bytes) == [Array("a".utf8), [], Array("bc".utf8), Array("last".utf8)])
        #expect(result[1].isBlank)
    }

    @Test func keepsInvalidUTF8Untouched() throws {
        let result = try lines(of: [0x7B, 0xFF, 0xC3, 0x0A])
        #expect(result.first?.bytes == [0x7B, 0xFF, 0xC3])
    }

    @Test func cutsLongLinesButCountsTheirLength() throws {
        let result = try lines(of: Array((String(repeating: "x", count: 100) + "\nok\n").utf8), maxLineBytes: 10)
        #expect(result[0].length == 100)
        #expect(result[0].bytes.count == 11)
        #expect(!result[0].isBlank)
        #expect(result[1].bytes == Array("ok".utf8))
    }

    @Test func skipsAByteOrderMarkAtTheStartOfTheInputOnly() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let result = try lines(of: bom + Array("a\r\n".utf8) + bom + Array("b\n".utf8))
        #expect(result.map(\.bytes) == [Array("a".utf8), bom + Array("b".utf8)])
        #expect(result[0].length == 1)
        let cut = try lines(of: bom + Array(String(repeating: "x", count: 20).utf8), maxLineBytes: 10)
        #expect(cut[0].length == 20)
    }
}
