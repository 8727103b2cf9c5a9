/// One line of input as bytes, before any decoding: what ``IngestLineReader`` yields.
public struct IngestRawLine: Sendable, Hashable {
    /// 1-based line number in the input.
    public var number: Int
    /// The line's bytes without its line break; cut short after the reader's limit.
    public var bytes: [UInt8]
    /// The line's full length in bytes, which is larger than `bytes.count` when the line was cut.
    public var length: Int

    public init(number: Int, bytes: [UInt8], length: Int? = nil) {
        self.number = number
        self.bytes = bytes
        self.length = length ?? bytes.count
    }

    /// Whether the line holds nothing but JSON whitespace (such lines are skipped).
    public var isBlank: Bool {
        length == bytes.count && bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}
