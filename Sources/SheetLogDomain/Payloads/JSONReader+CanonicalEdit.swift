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
        let field = try quotedString(after: #"{"field":"#)
        let presentation = try quotedString(after: #","presentation":"#)
        try expect(#","value":"#)
        let value = try canonicalFieldValue()
        try expect("}")
        guard index == bytes.count else { throw NotCanonical() }
        return SheetEvent.Edit(presentation: presentation, field: field, value: value)
    }

    /// A sealed `edit` (schema 2) laid out as ``PayloadEncoder`` writes it —
    /// `{"changed":[…],"field":…,"presentation":…,"subject":…,"value":"<sealed>"}` (no `changed`
    /// before it was recorded) — its value still sealed.
    mutating func canonicalSealedEdit() throws -> (changed: [String]?, field: String, presentation: String, subject: String, sealed: String) {
        // `changed` (``RecordedChanges``) leads in an edit recorded since it was written.
        var changed: [String]?
        let field: String
        if accept(#"{"changed":["#) {
            var names: [String] = []
            if !accept("]") {
                repeat { names.append(try quotedString()) } while accept(",")
                try expect("]")
            }
            changed = names
            field = try quotedString(after: #","field":"#)
        } else {
            field = try quotedString(after: #"{"field":"#)
        }
        let presentation = try quotedString(after: #","presentation":"#)
        let subject = try quotedString(after: #","subject":"#)
        let sealed = try quotedString(after: #","value":"#)
        try expect("}")
        guard index == bytes.count else { throw NotCanonical() }
        return (changed, field, presentation, subject, sealed)
    }

    mutating func expect(_ literal: StaticString) throws(NotCanonical) {
        guard accept(literal) else { throw NotCanonical() }
    }

    /// A field value, a JSON scalar, read straight into a ``FieldValue`` (no `JSONValue` in between);
    /// anything else is not the layout.
    mutating func canonicalFieldValue() throws -> FieldValue {
        // The reader's stored properties, read in place: its methods are calls into another module.
        guard index < bytes.count else { throw NotCanonical() }
        switch bytes[index] {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: throw NotCanonical()
        }
    }

    mutating func quotedString() throws -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw NotCanonical() }
        return try string()
    }

    /// The string after `literal` (a key and its colon), or not the layout.
    mutating func quotedString(after literal: StaticString) throws -> String {
        guard let text = try string(after: literal) else { throw NotCanonical() }
        return text
    }
}
