import SheetLogDomain

/// A parsed JSON value, kept exact enough for strict type checks of ingest lines.
///
/// Built only from the domain's parser after ``JSONValidator`` accepted the text, so repeated
/// keys (compared decoded), NUL and non-finite numbers never reach it. It has no `Decodable`
/// conformance on purpose: `JSONDecoder` would let a repeated key win silently.
enum JSONValue: Sendable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    /// The JSON kind's name, for messages that say what was found instead (never the value).
    var kindName: String {
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

extension JSONValue {
    /// The same value, from the domain's parser (which refuses repeated keys, as the validator did before).
    init(_ json: PayloadJSON) {
        switch json {
        case .string(let text): self = .string(text)
        case .number(let number): self = .number(number)
        case .bool(let flag): self = .bool(flag)
        case .null: self = .null
        case .array(let items): self = .array(items.map(JSONValue.init))
        case .object(let members):
            var object: [String: JSONValue] = Dictionary(minimumCapacity: members.count)
            for member in members { object[member.key] = JSONValue(member.value) }
            self = .object(object)
        }
    }
}
