import Foundation

/// Decodes an `edit` payload laid out as ``PayloadEncoder`` writes it —
/// `{"field":…,"presentation":…,"value":…}`, no whitespace, a string, number, boolean or null
/// value — without building a JSON tree.
///
/// Edits are most of a log, and rebuild, replay and every append's projection decode each one:
/// the general path (a ``PayloadJSON`` tree, then ``PayloadDecoder``) cost several times more.
/// Strings and numbers are read by ``PayloadJSONParser``'s own methods, so escapes and numbers
/// mean exactly what they mean on the general path. Any other layout (other key order, extra
/// keys, whitespace, malformed JSON) returns nil and goes through the general path, which also
/// produces the errors.
package enum CanonicalEditPayload {
    package static func decode(_ payload: String) -> SheetEvent.Edit? {
        var payload = payload
        return payload.withUTF8 { bytes in
            var parser = PayloadJSONParser(bytes: bytes)
            return try? parser.canonicalEdit()
        }
    }
}

extension PayloadJSONParser {
    /// Not the canonical layout; the caller falls back to the general path.
    struct NotCanonical: Error {}

    mutating func canonicalEdit() throws -> SheetEvent.Edit {
        try expect(#"{"field":"#)
        let field = try quotedString()
        try expect(#","presentation":"#)
        let presentation = try quotedString()
        try expect(#","value":"#)
        let value: FieldValue
        switch try self.value(depth: 0) {
        case .string(let text): value = .string(text)
        case .number(let number): value = .number(number)
        case .bool(let flag): value = .bool(flag)
        case .null: value = .null
        case .object, .array: throw NotCanonical()
        }
        try expect("}")
        guard index == bytes.count else { throw NotCanonical() }
        return SheetEvent.Edit(presentation: presentation, field: field, value: value)
    }

    mutating func expect(_ literal: StaticString) throws(NotCanonical) {
        guard accept(literal) else { throw NotCanonical() }
    }

    /// Consumes `literal` when the bytes at the index spell it; leaves the index alone otherwise.
    mutating func accept(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count, memcmp(bytes.baseAddress! + index, literal.utf8Start, count) == 0 else {
            return false
        }
        index += count
        return true
    }

    mutating func quotedString() throws -> String {
        guard current == UInt8(ascii: "\"") else { throw NotCanonical() }
        return try string()
    }
}
