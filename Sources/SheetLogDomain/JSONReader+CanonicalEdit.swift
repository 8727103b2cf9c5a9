import SheetLogJSON

/// Reading an `edit` payload laid out as ``PayloadEncoder`` writes it —
/// `{"field":…,"presentation":…,"value":…}`, no whitespace, a string, number, boolean or null
/// value — without building a JSON tree (``CanonicalPayload`` for the other types).
///
/// Edits are most of a log, and rebuild, replay and every append's projection decode each one:
/// the general path (a `JSONValue` tree, then ``PayloadDecoder``) cost several times more.
/// Strings and numbers are read by the general path's own reader (`JSONReader`), so escapes and
/// numbers mean exactly what they mean there. Any other layout (other key order, extra
/// keys, whitespace, malformed JSON) throws ``NotCanonical`` and goes through the general path,
/// which also produces the errors.
extension JSONReader {
    /// Not the canonical layout; the caller falls back to the general path.
    struct NotCanonical: Error {}

    mutating func canonicalEdit() throws -> SheetEvent.Edit {
        try expect(#"{"field":"#)
        let field = try quotedString()
        try expect(#","presentation":"#)
        let presentation = try quotedString()
        try expect(#","value":"#)
        let value: FieldValue
        switch try self.value() {
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

    mutating func quotedString() throws -> String {
        guard current == UInt8(ascii: "\"") else { throw NotCanonical() }
        return try string()
    }
}
