/// A JSON value of an ingest line kept as a tree of members in order, so that mutations can
/// drop, duplicate or retype one member and render bytes that JSON encoders would never produce.
indirect enum JSONFragment: Sendable, Hashable {
    /// A JSON string, escaped when rendered.
    case text(String)
    /// JSON text written as is: numbers, booleans, null, arrays, or something that is not JSON at all.
    case literal(String)
    case object([JSONMember])

    /// The fragment as UTF-8 JSON text.
    var rendered: String {
        switch self {
        case .text(let text): return Self.quoted(text)
        case .literal(let text): return text
        case .object(let members):
            return "{" + members.map { "\(Self.quoted($0.key)):\($0.value.rendered)" }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default:
                if scalar.value < 0x20 {
                    result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// One member of a JSON object, with the kind of value the ingest format expects there.
struct JSONMember: Sendable, Hashable {
    /// What the decoder accepts for a member, which decides what a wrong type is.
    enum Kind: Sendable, Hashable {
        /// A string (ids, names, `at`, `reason`, enum values).
        case string
        /// A field value: string, number, boolean or null.
        case scalar
        /// An object of its own members (`route`, `from`).
        case object
        /// An object of field values (`baseline`, `values`) or of strings (`params`).
        case map
        /// An array of strings (`required`).
        case stringArray
    }

    var key: String
    var value: JSONFragment
    var kind: Kind
    /// Whether the decoder rejects the line without this member.
    var isRequired: Bool

    init(_ key: String, _ value: JSONFragment, _ kind: Kind = .string, required: Bool = false) {
        self.key = key
        self.value = value
        self.kind = kind
        self.isRequired = required
    }

    /// The wrong-typed replacements of this member's value that the decoder must refuse.
    var wrongTypes: [JSONFragment] {
        switch kind {
        case .string: return [.literal("12"), .literal("true"), .literal("null"), .literal("[]"), .literal(#"["s1"]"#), .literal("{}")]
        case .scalar: return [.literal("[]"), .literal(#"["47.50"]"#), .literal("{}"), .literal(#"{"amount":1}"#)]
        case .object: return [.literal(#""x""#), .literal("1"), .literal("false"), .literal("null"), .literal("[]")]
        case .map: return [.literal(#""x""#), .literal("0"), .literal("true"), .literal("null"), .literal(#"[{}]"#)]
        case .stringArray: return [.literal(#""amount""#), .literal("1"), .literal("null"), .literal("{}"), .literal("[1]"), .literal("[null]")]
        }
    }
}
