#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONReader {
    /// Reads the string token at ``index`` (its opening quote) and returns its decoded text; the
    /// common case — no escape, nothing to check — is copied in one step.
    package mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        index = Self.plainRunEnd(in: bytes, from: start)
        if options.validatesUTF8 { try validateUTF8(from: start) }
        guard index < bytes.count else { throw fail("unterminated string") }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            index += 1
            return text
        }
        if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
        throw controlCharacter(byte)
    }

    /// The string right after `literal` (a member's key and colon, for a reader of a known
    /// layout): nil, the index left alone, when the bytes at ``index`` are not `literal` and a quote.
    package mutating func string(after literal: StaticString) throws(JSONSyntaxError) -> String? {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index > count, bytes[index + count] == UInt8(ascii: "\""),
              memcmp(bytes.baseAddress! + index, literal.utf8Start, count) == 0
        else { return nil }
        index += count
        return try string()
    }

    /// Checks the string token at ``index`` without decoding it.
    mutating func skipString() throws(JSONSyntaxError) {
        index += 1
        let validatesUTF8 = options.validatesUTF8
        while true {
            let start = index
            index = Self.plainRunEnd(in: bytes, from: index)
            if validatesUTF8 { try validateUTF8(from: start) }
            guard index < bytes.count else { throw fail("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return
            }
            guard byte == UInt8(ascii: "\\") else { throw controlCharacter(byte) }
            if index + 1 < bytes.count, Self.simpleEscape(bytes[index + 1]) != nil {
                index += 2
            } else {
                _ = try escape()
            }
        }
    }

    /// The index of the first byte from `start` on that ends a run of plain string content — a
    /// quote, a backslash or a control character — or the end of `bytes`: what a reader stops at,
    /// and exactly the bytes a writer escapes.
    ///
    /// Eight bytes at a time: drafts hold long texts, and a byte-by-byte loop over them was the
    /// largest part of decoding a rebuild's payloads.
    package static func plainRunEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
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

    private func controlCharacter(_ byte: UInt8) -> JSONSyntaxError {
        fail(byte == 0 ? "NUL byte in a string" : "unescaped control character in a string")
    }

    /// The rest of a string that holds an escape, from its first content byte at `start` (``index``
    /// is at the first backslash).
    ///
    /// A decoded text is never longer than its JSON text (`\n` is one byte, `\u00e9` two, a
    /// surrogate pair four), so once the closing quote is found the text is decoded straight into a
    /// string of that capacity: no growing buffer, no second copy. Drafts hold many line breaks.
    private mutating func escapedString(from start: Int) throws(JSONSyntaxError) -> String {
        let capacity = Self.closingQuote(in: bytes, from: index) - start
        var failure: JSONSyntaxError?
        let text = String(unsafeUninitializedCapacity: max(capacity, 1)) { buffer in
            do throws(JSONSyntaxError) {
                return try decodeEscaped(from: start, into: buffer)
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
        return text
    }

    /// Where the string whose content goes on at `offset` ends: its closing quote, the control
    /// character that breaks it, or the end of the text. Escapes are stepped over (`\"` is content);
    /// whether they are valid is the decoding's business.
    private static func closingQuote(in bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
        var offset = offset
        while true {
            offset = plainRunEnd(in: bytes, from: offset)
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\\") else { return offset }
            offset = min(offset + 2, bytes.count)
        }
    }

    /// Decodes the string from `start` into `buffer`, which holds at least its JSON text's length,
    /// and moves past its closing quote; returns the decoded length.
    private mutating func decodeEscaped(from start: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) throws(JSONSyntaxError) -> Int {
        let base = bytes.baseAddress!
        let output = buffer.baseAddress!
        var count = index - start
        output.update(from: base + start, count: count)
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return count
            case UInt8(ascii: "\\"):
                if index + 1 < bytes.count, let simple = Self.simpleEscape(bytes[index + 1]) {
                    output[count] = simple
                    count += 1
                    index += 2
                    continue
                }
                for unit in UTF8.encode(try escape())! {
                    output[count] = unit
                    count += 1
                }
            default:
                if byte < 0x20 { throw controlCharacter(byte) }
                let runStart = index
                index = Self.plainRunEnd(in: bytes, from: index)
                if options.validatesUTF8 { try validateUTF8(from: runStart) }
                (output + count).update(from: base + runStart, count: index - runStart)
                count += index - runStart
            }
            assert(count <= buffer.count, "a decoded string outgrew its JSON text")
        }
        throw fail("unterminated string")
    }

    /// The byte a one-letter escape (`\"` `\\` `\/` `\b` `\f` `\n` `\r` `\t`) stands for; nil for `u` and invalid ones.
    private static func simpleEscape(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return letter
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        default: return nil
        }
    }

    /// Reads one escape sequence at ``index`` (its backslash; a surrogate pair counts as one) and
    /// returns the scalar it stands for.
    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        index += 1
        guard index < bytes.count else { throw fail("unterminated escape") }
        let letter = bytes[index]
        if let simple = Self.simpleEscape(letter) {
            index += 1
            return Unicode.Scalar(simple)
        }
        guard letter == UInt8(ascii: "u") else { throw fail("invalid escape sequence") }
        let unit = try hexQuad()
        if unit == 0 && options.rejectsEscapedNUL { throw fail("escaped NUL (\\u0000) in a string") }
        // A lone surrogate is refused, not replaced: no Swift string can hold it, and U+FFFD
        // would silently change the text.
        if (0xD800...0xDBFF).contains(unit) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw fail("lone UTF-16 surrogate escape")
            }
            index += 1
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("lone UTF-16 surrogate escape") }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
        } else if (0xDC00...0xDFFF).contains(unit) {
            throw fail("lone UTF-16 surrogate escape")
        }
        return Unicode.Scalar(unit)!
    }

    /// Reads `uXXXX` starting at the `u`; leaves the index after the last hex digit.
    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        index += 1
        guard index + 4 <= bytes.count else { throw fail("truncated \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit in a \\u escape")
            }
            value = value << 4 | digit
        }
        index += 4
        return value
    }

    /// Checks that the plain run from `start` up to ``index`` is well-formed UTF-8, naming the
    /// first bad sequence's lead byte. A run cut by a quote, backslash or control character in the
    /// middle of a sequence is caught here too: those bytes are no continuation bytes.
    private func validateUTF8(from start: Int) throws(JSONSyntaxError) {
        var offset = start
        while offset < index {
            if bytes[offset] < 0x80 {
                offset += 1
            } else {
                offset += try Self.sequenceLength(in: bytes, at: offset)
            }
        }
    }

    /// The length of the well-formed UTF-8 sequence at `offset` (no overlongs, no surrogates, at
    /// most U+10FFFF); throws naming the offset otherwise.
    private static func sequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONSyntaxError) -> Int {
        let lead = bytes[offset]
        let length: Int
        var lowerBound: UInt8 = 0x80
        var upperBound: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upperBound = 0x9F
        case 0xF0: length = 4; lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upperBound = 0x8F
        default: throw JSONSyntaxError(reason: "invalid UTF-8", offset: offset)
        }
        guard offset + length <= bytes.count else { throw JSONSyntaxError(reason: "invalid UTF-8 (truncated sequence)", offset: offset) }
        let second = bytes[offset + 1]
        guard second >= lowerBound, second <= upperBound else { throw JSONSyntaxError(reason: "invalid UTF-8", offset: offset) }
        for next in 2..<max(2, length) where bytes[offset + next] & 0xC0 != 0x80 {
            throw JSONSyntaxError(reason: "invalid UTF-8", offset: offset)
        }
        return length
    }
}
