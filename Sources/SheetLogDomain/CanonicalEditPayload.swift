/// Decodes an `edit` payload in the exact bytes ``PayloadEncoder`` writes —
/// `{"field":"…","presentation":"…","value":…}`, no whitespace, no escapes, a string, boolean or
/// null value — without building a JSON tree.
///
/// Edits are most of a log, and rebuild, replay and every append's projection decode each one:
/// the general path (``PayloadJSON`` tree, then ``PayloadDecoder``) cost about five times more.
/// Any other text (escapes, numbers, other key order, whitespace, malformed JSON) returns nil and
/// goes through the general path, which also produces the errors; both give the same ``SheetEvent/Edit``.
package enum CanonicalEditPayload {
    package static func decode(_ payload: String) -> SheetEvent.Edit? {
        var payload = payload
        return payload.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            guard reader.expect(#"{"field":"#), let field = reader.plainString(),
                  reader.expect(#","presentation":"#), let presentation = reader.plainString(),
                  reader.expect(#","value":"#), let value = reader.simpleValue(),
                  reader.expect("}"), reader.atEnd
            else { return nil }
            return SheetEvent.Edit(presentation: presentation, field: field, value: value)
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func expect(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard bytes.count - index >= count else { return false }
            for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
            index += count
            return true
        }

        /// A JSON string with no escape and no control character; nil for anything else.
        mutating func plainString() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index + 1
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                if bytes[end] == UInt8(ascii: "\\") || bytes[end] < 0x20 { return nil }
                end += 1
            }
            guard end < bytes.count else { return nil }
            index = end + 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        /// A plain string, `true`, `false` or `null`; numbers are left to the general parser.
        mutating func simpleValue() -> FieldValue? {
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""): return plainString().map(FieldValue.string)
            case UInt8(ascii: "t"): return expect("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return expect("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return expect("null") ? .null : nil
            default: return nil
            }
        }
    }
}
