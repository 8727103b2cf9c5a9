import SheetLogCore

/// The recursive-descent parser behind ``PayloadJSON``, over UTF-8 bytes.
struct PayloadJSONParser {
    typealias SyntaxError = PayloadJSON.SyntaxError

    /// Deeper nesting than any payload has; bounds the recursion on hostile input.
    static let maximumDepth = 64

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func document() throws(SyntaxError) -> PayloadJSON {
        skipWhitespace()
        let value = try value(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw fail("text after the JSON value") }
        return value
    }

    private func fail(_ reason: String) -> SyntaxError { SyntaxError(reason: reason, offset: index) }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(SyntaxError) -> PayloadJSON {
        guard let byte = current else { throw fail("expected a value, found the end") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws(SyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("truncated literal") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw fail("unexpected character")
        }
        index += count
    }

    private mutating func object(depth: Int) throws(SyntaxError) -> PayloadJSON {
        guard depth <= Self.maximumDepth else { throw fail("nesting too deep") }
        index += 1
        skipWhitespace()
        var members: [(key: String, value: PayloadJSON)] = []
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        var keys = ObjectKeys()
        while true {
            guard current == UInt8(ascii: "\"") else { throw fail("expected an object key") }
            let keyStart = index
            let key = try string()
            guard keys.insert(key, among: members) else { throw SyntaxError(reason: "duplicate key", offset: keyStart) }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipWhitespace()
            members.append((key, try value(depth: depth)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw fail("expected ',' or '}'")
            }
        }
    }

    private mutating func array(depth: Int) throws(SyntaxError) -> PayloadJSON {
        guard depth <= Self.maximumDepth else { throw fail("nesting too deep") }
        index += 1
        skipWhitespace()
        var items: [PayloadJSON] = []
        if current == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            items.append(try value(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "]"): index += 1; return .array(items)
            default: throw fail("expected ',' or ']'")
            }
        }
    }

    /// A string token; the common case without escapes is copied in one step.
    mutating func string() throws(SyntaxError) -> String {
        index += 1
        let start = index
        index = Self.plainRunEnd(in: bytes, from: start)
        guard let byte = current else { throw fail("unterminated string") }
        if byte == UInt8(ascii: "\"") {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            index += 1
            return text
        }
        if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
        throw fail("control character in a string")
    }

    /// The index of the first byte from `start` on that ends a run of plain string content — a
    /// quote, a backslash or a control character — or the end of `bytes`.
    ///
    /// Eight bytes at a time: drafts hold long texts, and a byte-by-byte loop over them was the
    /// largest part of decoding a rebuild's payloads.
    static func plainRunEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let count = bytes.count
        var index = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // A byte of `x` is zero (resp. below 0x20) only if `(x - k) & ~x & highs` is non-zero for k = 1 (resp. 0x20).
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
            if special & highs != 0 { break }
            index += 8
        }
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return index }
            index += 1
        }
        return count
    }

    private mutating func escapedString(from start: Int) throws(SyntaxError) -> String {
        var scalars: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard let escape = current else { throw fail("unterminated escape") }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"): appendUTF8(try unicodeEscape(), to: &scalars)
                default: throw fail("invalid escape")
                }
            default:
                if byte < 0x20 { throw fail("control character in a string") }
                let end = Self.plainRunEnd(in: bytes, from: index)
                scalars.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
            }
        }
        throw fail("unterminated string")
    }

    /// The scalar of `\uXXXX` (the `\u` already read), joining a surrogate pair; a lone
    /// surrogate becomes U+FFFD, as Foundation's decoder would refuse or replace it.
    private mutating func unicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
        let high = try hexQuad()
        if (0xD800..<0xDC00).contains(high), index + 1 < bytes.count,
           bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        {
            index += 2
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw fail("invalid surrogate pair") }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
        }
        guard let scalar = Unicode.Scalar(high) else { throw fail("lone surrogate") }
        return scalar
    }

    private mutating func hexQuad() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("truncated \\u escape") }
        guard let value = JSONHexQuad.value(in: bytes, at: index) else { throw fail("invalid \\u escape") }
        index += 4
        return value
    }

    private func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        for unit in UTF8.encode(scalar)! { bytes.append(unit) }
    }

    /// A number token checked against JSON's grammar and for exactness (a number no double holds
    /// exactly would change silently), then converted by the standard library.
    private mutating func number() throws(SyntaxError) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { throw fail("invalid number") }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw fail("invalid number") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw fail("invalid number") }
        }
        let literal = UnsafeBufferPointer(rebasing: bytes[start..<index])
        switch JSONNumberText.verdict(literal) {
        case .exact: break
        case .inexact: throw SyntaxError(reason: "number cannot be stored exactly", offset: start)
        case .outOfRange: throw SyntaxError(reason: "number out of range", offset: start)
        }
        guard let number = Double(String(decoding: literal, as: UTF8.self)), number.isFinite else {
            throw SyntaxError(reason: "number out of range", offset: start)
        }
        return number
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }
}
