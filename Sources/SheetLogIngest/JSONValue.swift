import SheetLogDomain

/// A parsed JSON value, kept exact enough for strict type checks of ingest lines.
///
/// Decoded only after ``JSONValidator`` accepted the text, so duplicate keys, NUL and
/// non-finite numbers never reach it.
enum JSONValue: Sendable, Hashable, Decodable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSONValue].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

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
    /// The same value, from the domain's parser (the line was validated duplicate-free before).
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
