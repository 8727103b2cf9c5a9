/// A JSON value as ``JSONReader`` reads it: the one tree of the package.
///
/// Objects keep their members in order, as a list: a reader refuses repeated keys (see
/// ``JSONReadingOptions``), and the objects SheetLog reads are small or only iterated. There is no
/// `Decodable` conformance on purpose: `JSONDecoder` lets a repeated key win silently.
///
/// ```swift
/// let value = try JSONValue.parse(#"{"field":"amount","value":47.5}"#)
/// value["field"]?.string  // "amount"
/// ```
package enum JSONValue: Sendable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// Reads one JSON text (whitespace around it allowed).
    package static func parse(_ text: String, options: JSONReadingOptions = .stored) throws(JSONSyntaxError) -> JSONValue {
        var text = text
        return try text.withUTF8 { bytes in
            Result { () throws(JSONSyntaxError) in
                var reader = JSONReader(bytes: bytes, options: options)
                return try reader.document()
            }
        }.get()
    }

    /// The member `key` of an object (its last occurrence); nil for a missing key or a non-object.
    package subscript(key: String) -> JSONValue? {
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

    /// The JSON kind's name, for messages that say what was found instead (never the value).
    package var kindName: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
