/// A parsed JSON value of a stored payload: what ``SheetEventCodec`` maps onto the payload structs.
///
/// Hand-written because every rebuild, replay and append decodes payloads: Foundation's
/// `JSONDecoder` costs several µs per 100-byte payload, this parser a fraction of that. It
/// accepts exactly RFC 8259 JSON, and refuses an object that repeats a key, however the repeat is
/// spelled (see `ObjectKeys`); objects keep their members in order.
///
/// ```swift
/// let value = try PayloadJSON.parse(#"{"field":"amount","value":47.5}"#)
/// value["field"]?.string  // "amount"
/// ```
package enum PayloadJSON: Sendable, Hashable {
    case object([(key: String, value: PayloadJSON)])
    case array([PayloadJSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// Why a text is not JSON: a reason and a byte offset, never a piece of the text.
    package struct SyntaxError: Error, Sendable {
        package var reason: String
        package var offset: Int
    }

    /// Parses one JSON text (whitespace around it allowed).
    package static func parse(_ text: String) throws(SyntaxError) -> PayloadJSON {
        var text = text
        let result = text.withUTF8 { bytes in
            var parser = PayloadJSONParser(bytes: bytes)
            return Result { () throws(SyntaxError) in try parser.document() }
        }
        return try result.get()
    }

    /// The member `key` of an object (its last occurrence); nil for a missing key or a non-object.
    package subscript(key: String) -> PayloadJSON? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    package var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    package static func == (lhs: PayloadJSON, rhs: PayloadJSON) -> Bool {
        switch (lhs, rhs) {
        case let (.object(l), .object(r)): return l.count == r.count && zip(l, r).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(l), .array(r)): return l == r
        case let (.string(l), .string(r)): return l == r
        case let (.number(l), .number(r)): return l == r
        case let (.bool(l), .bool(r)): return l == r
        case (.null, .null): return true
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .object(let members):
            hasher.combine(0)
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        case .array(let items): hasher.combine(1); hasher.combine(items)
        case .string(let text): hasher.combine(2); hasher.combine(text)
        case .number(let number): hasher.combine(3); hasher.combine(number)
        case .bool(let flag): hasher.combine(4); hasher.combine(flag)
        case .null: hasher.combine(5)
        }
    }
}
