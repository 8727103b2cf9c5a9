/// The one JSON writer of the package, into UTF-8 bytes: payloads, projection columns, metadata and
/// export lines are all written by it, byte for byte as `JSONEncoder` wrote them with
/// `[.sortedKeys, .withoutEscapingSlashes]` (stored payloads are chained and compared on retries,
/// so their bytes must not change).
///
/// - Strings: `"` `\` and control characters escaped (`\b \f \n \r \t`, else `\u00xx`),
///   everything else as is.
/// - Numbers, the one rule: `Double.description`, without a trailing `.0` (`12`, `47.5`, `1e+16`,
///   `-0`) — `JSONEncoder`'s form, the shortest that reads back as the same double, so every
///   number written is one ``JSONReader`` accepts as exact; an integral number is written without
///   a fraction, so `json_extract` gives SQLite an INTEGER. A non-finite number is written `null`
///   and noted in ``wroteNonFiniteNumber``.
/// - Objects written from dictionaries have their keys sorted by their UTF-8 bytes (``keyPrecedes(_:_:)``).
///
/// ```swift
/// var writer = JSONWriter()
/// writer.sortedObject(["b": "2", "a": "1"])
/// writer.text  // {"a":"1","b":"2"}
/// ```
package struct JSONWriter {
    package private(set) var bytes: [UInt8]
    /// Whether a string held U+0000, written `\u0000`: text the strict reader refuses to store.
    package private(set) var escapedNUL = false
    /// Whether a number was NaN or an infinity, written `null`.
    package private(set) var wroteNonFiniteNumber = false

    package init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Whether ``JSONReadingOptions/strict(maximumDepth:rejectsDuplicateKeys:validatesUTF8:)`` accepts
    /// what was written (duplicate keys aside): no NUL, no non-finite number. Swift strings hold no
    /// lone surrogate nor invalid UTF-8, and every number written is exact.
    package var isStrictlyValid: Bool { !escapedNUL && !wroteNonFiniteNumber }

    /// The bytes written, as text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// ``text`` safe inside an HTML `<script>` element: `<`, `>`, `&`, U+2028 and U+2029 written as
    /// `\u` escapes. The same JSON value: those characters occur only inside strings, where the
    /// escape reads back as the character, so no `</script>` or `<!--` can end the element early.
    package var scriptSafeText: String {
        var safe: [UInt8] = []
        safe.reserveCapacity(bytes.count + bytes.count / 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "<"): safe.append(contentsOf: Array(#"\u003c"#.utf8))
            case UInt8(ascii: ">"): safe.append(contentsOf: Array(#"\u003e"#.utf8))
            case UInt8(ascii: "&"): safe.append(contentsOf: Array(#"\u0026"#.utf8))
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                safe.append(contentsOf: Array((bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8))
                index += 2
            default:
                safe.append(byte)
            }
            index += 1
        }
        return String(decoding: safe, as: UTF8.self)
    }

    /// Appends `literal` as it is: punctuation, or a fixed run of keys the caller knows to be valid JSON.
    package mutating func raw(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends `text` as it is: JSON another writer of the package wrote (a carried state).
    package mutating func rawText(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// An object member's key, after a comma unless it is the object's first.
    package mutating func key(_ name: String) {
        if bytes.last != UInt8(ascii: "{") { bytes.append(UInt8(ascii: ",")) }
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    package mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        stringContent(text)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A JSON string's opening or closing quote, around ``stringContent(_:)``s and ``raw(_:)``
    /// literals that hold no quote: a string written in parts without building its text first.
    package mutating func quote() {
        bytes.append(UInt8(ascii: "\""))
    }

    /// `text` escaped as inside a JSON string, without quotes.
    package mutating func stringContent(_ text: String) {
        var text = text
        // Over the contiguous UTF-8 buffer, a run of plain bytes at a time: going through
        // `String.UTF8View`'s iterator cost several instructions per byte, and rebuild writes every
        // draft of the log.
        text.withUTF8 { utf8 in
            var start = 0
            while true {
                let end = JSONReader.plainRunEnd(in: utf8, from: start)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<end]))
                guard end < utf8.count else { return }
                escape(utf8[end])
                start = end + 1
            }
        }
    }

    /// A byte ``JSONReader/plainRunEnd(in:from:)`` stopped at: a quote, a backslash or a control character.
    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw(#"\""#)
        case UInt8(ascii: "\\"): raw(#"\\"#)
        case 0x08: raw(#"\b"#)
        case 0x0C: raw(#"\f"#)
        case 0x0A: raw(#"\n"#)
        case 0x0D: raw(#"\r"#)
        case 0x09: raw(#"\t"#)
        default:
            if byte == 0 { escapedNUL = true }
            let hex: StaticString = "0123456789abcdef"
            raw(#"\u00"#)
            bytes.append(hex.utf8Start[Int(byte >> 4)])
            bytes.append(hex.utf8Start[Int(byte & 0x0F)])
        }
    }

    /// A number by the one rule (see the type's summary).
    package mutating func number(_ number: Double) {
        guard number.isFinite else {
            wroteNonFiniteNumber = true
            null()
            return
        }
        var text = number.description
        text.withUTF8 { utf8 in
            let integral = utf8.count > 2 && utf8[utf8.count - 2] == UInt8(ascii: ".") && utf8[utf8.count - 1] == UInt8(ascii: "0")
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<(integral ? utf8.count - 2 : utf8.count)]))
        }
    }

    /// An integer as `JSONEncoder` writes an `Int64`: its decimal digits, exact at any size.
    package mutating func integer(_ number: Int64) {
        var text = number.description
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    package mutating func bool(_ flag: Bool) {
        if flag { raw("true") } else { raw("false") }
    }

    package mutating func null() {
        raw("null")
    }

    /// An array of strings, in their order.
    package mutating func strings(_ strings: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, text) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(text)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Whether key `lhs` comes before `rhs` in the order `JSONEncoder`'s `.sortedKeys` writes them: by
    /// their UTF-8 bytes (Unicode scalar order), not by Swift's `<`, which compares canonically
    /// equivalent forms alike and so puts a decomposed `e\u{301}` after `f`. Stored payloads written by
    /// `JSONEncoder` keep their bytes.
    ///
    /// A plain function over two strings, for `keys.sorted(by: JSONWriter.keyPrecedes)`: the sort is
    /// then specialised where the dictionary's type is known (a generic helper taking any sequence of
    /// keys cost a runtime metadata lookup per call on the append path).
    package static func keyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    package mutating func beginObject() { bytes.append(UInt8(ascii: "{")) }

    package mutating func endObject() { bytes.append(UInt8(ascii: "}")) }

    /// An object of strings, keys sorted.
    package mutating func sortedObject(_ members: [String: String]) {
        beginObject()
        for key in members.keys.sorted(by: Self.keyPrecedes) {
            self.key(key)
            string(members[key]!)
        }
        endObject()
    }
}

extension JSONWriter {
    /// A parsed value written back: members in their order, numbers by the one rule.
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .object(let members):
            beginObject()
            for member in members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        case .array(let items):
            raw("[")
            for (index, item) in items.enumerated() {
                if index > 0 { raw(",") }
                self.value(item)
            }
            raw("]")
        case .string(let text): string(text)
        case .number(let number): self.number(number)
        case .bool(let flag): bool(flag)
        case .null: null()
        }
    }
}
