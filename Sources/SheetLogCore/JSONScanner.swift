/// The recursive-descent scanner behind ``JSONValidator``.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    let rejectsDuplicateKeys: Bool
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, rejectsDuplicateKeys: Bool) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
    }

    typealias Failure = JSONValidator.Failure

    private func fail(_ reason: String) -> Failure { Failure(reason: reason, offset: index) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() throws(Failure) {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            index += 1
        }
    }

    mutating func value(depth: Int) throws(Failure) {
        guard let byte = current else { throw fail("expected a JSON value, found the end of the text") }
        switch byte {
        case UInt8(ascii: "{"): try object(depth: depth + 1)
        case UInt8(ascii: "["): try array(depth: depth + 1)
        case UInt8(ascii: "\""): _ = try string(collecting: false)
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case 0: throw fail("NUL byte")
        default: throw fail("unexpected character (NaN, Infinity and bare words are not JSON)")
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("truncated literal") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw fail("unexpected character (NaN, Infinity and bare words are not JSON)")
        }
        index += count
    }

    private mutating func object(depth: Int) throws(Failure) {
        guard depth <= maximumDepth else { throw fail("nesting deeper than \(maximumDepth)") }
        index += 1
        try skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return }
        // Keys are compared decoded and as Swift compares strings (canonical equivalence): every
        // reader of SheetLog keeps keys in Swift dictionaries, where `"valu\u0065"` and `"value"`,
        // or an NFC and an NFD spelling, are one key and one spelling would silently win.
        var keys = Set<String>()
        while true {
            guard current == UInt8(ascii: "\"") else { throw fail("expected an object key") }
            let keyStart = index
            let key = try string(collecting: rejectsDuplicateKeys)
            if rejectsDuplicateKeys, !keys.insert(String(decoding: key, as: UTF8.self)).inserted {
                throw Failure(reason: "duplicate key", offset: keyStart, problem: .duplicateKey)
            }
            try skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("expected ':' after an object key") }
            index += 1
            try skipWhitespace()
            do {
                try value(depth: depth)
            } catch {
                throw locating(error, under: decodedKey(at: keyStart))
            }
            try skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1; try skipWhitespace()
            case UInt8(ascii: "}"): index += 1; return
            default: throw fail("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array(depth: Int) throws(Failure) {
        guard depth <= maximumDepth else { throw fail("nesting deeper than \(maximumDepth)") }
        index += 1
        try skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return }
        var position = 0
        while true {
            do {
                try value(depth: depth)
            } catch {
                throw locating(error, under: String(position))
            }
            position += 1
            try skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1; try skipWhitespace()
            case UInt8(ascii: "]"): index += 1; return
            default: throw fail("expected ',' or ']' in an array")
            }
        }
    }

    /// `failure` with `component` prepended to its path: paths are built only on the way out of an error.
    private func locating(_ failure: Failure, under component: String) -> Failure {
        var located = failure
        located.path.insert(component, at: 0)
        return located
    }

    /// The decoded text of the key string that starts at `offset` (already scanned once).
    private func decodedKey(at offset: Int) -> String {
        var rescan = self
        rescan.index = offset
        return String(decoding: (try? rescan.string(collecting: true)) ?? [], as: UTF8.self)
    }

    /// Scans a string; returns its content between the quotes, escapes decoded, as UTF-8 when
    /// `collecting` (and nothing otherwise).
    private mutating func string(collecting: Bool) throws(Failure) -> [UInt8] {
        index += 1
        var decoded: [UInt8] = []
        var runStart = index
        while true {
            guard let byte = current else { throw fail("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                if collecting { decoded.append(contentsOf: bytes[runStart..<index]) }
                index += 1
                return decoded
            case UInt8(ascii: "\\"):
                if collecting { decoded.append(contentsOf: bytes[runStart..<index]) }
                let scalar = try escape()
                if collecting { decoded.append(contentsOf: UTF8.encode(scalar)!) }
                runStart = index
            case 0:
                throw fail("NUL byte in a string")
            case 0x01..<0x20:
                throw fail("unescaped control character in a string")
            case 0x80...:
                try multibyte()
            default:
                index += 1
            }
        }
    }

    /// Reads one escape sequence (a surrogate pair counts as one) and returns the scalar it stands for.
    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        index += 1
        guard let byte = current else { throw fail("unterminated escape") }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
            index += 1
            return Unicode.Scalar(byte)
        case UInt8(ascii: "b"): index += 1; return "\u{08}"
        case UInt8(ascii: "f"): index += 1; return "\u{0C}"
        case UInt8(ascii: "n"): index += 1; return "\n"
        case UInt8(ascii: "r"): index += 1; return "\r"
        case UInt8(ascii: "t"): index += 1; return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexQuad()
            if unit == 0 { throw fail("escaped NUL (\\u0000) in a string") }
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
        default:
            throw fail("invalid escape sequence")
        }
    }

    /// Reads `uXXXX` starting at the `u`; leaves the index after the last hex digit.
    private mutating func hexQuad() throws(Failure) -> UInt32 {
        index += 1
        guard index + 4 <= bytes.count else { throw fail("truncated \\u escape") }
        guard let value = JSONHexQuad.value(in: bytes, at: index) else { throw fail("invalid hex digit in a \\u escape") }
        index += 4
        return value
    }

    /// Checks one well-formed UTF-8 sequence (no overlongs, no surrogates, at most U+10FFFF).
    private mutating func multibyte() throws(Failure) {
        let lead = bytes[index]
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
        default: throw fail("invalid UTF-8")
        }
        guard index + length <= bytes.count else { throw fail("invalid UTF-8 (truncated sequence)") }
        let second = bytes[index + 1]
        guard second >= lowerBound, second <= upperBound else { throw fail("invalid UTF-8") }
        for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 {
            throw fail("invalid UTF-8")
        }
        index += length
    }

    private mutating func number() throws(Failure) {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
            throw fail("invalid number")
        }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            digits()
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail("invalid number: no digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail("invalid number: no digits in the exponent") }
        }
        switch JSONNumberText.verdict(UnsafeBufferPointer(rebasing: bytes[start..<index])) {
        case .exact: break
        case .outOfRange: throw Failure(reason: "number out of range (not finite)", offset: start)
        case .inexact: throw Failure(reason: "number cannot be stored exactly", offset: start, problem: .inexactNumber)
        }
    }

    @discardableResult
    private mutating func digits() -> Int {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }
}
