/// A JSON value as the bug-report export tests compare it: booleans apart from numbers.
enum JSON: Decodable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSON])
    case object([String: JSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let bool = try? container.decode(Bool.self) { self = .bool(bool) }
        else if let number = try? container.decode(Double.self) { self = .number(number) }
        else if let text = try? container.decode(String.self) { self = .string(text) }
        else if let array = try? container.decode([JSON].self) { self = .array(array) }
        else { self = .object(try container.decode([String: JSON].self)) }
    }

    /// The object without `key`.
    func removing(_ key: String) -> JSON {
        guard case .object(var members) = self else { return self }
        members[key] = nil
        return .object(members)
    }

    /// The form values an ingest line or a replay step holds: in `baseline` and `values` objects,
    /// and the `value` of an object with a `field`.
    var formValues: [JSON] {
        switch self {
        case .string, .number, .bool, .null: return []
        case .array(let items): return items.flatMap(\.formValues)
        case .object(let members):
            var values: [JSON] = []
            for (key, member) in members {
                if key == "baseline" || key == "values", case .object(let fields) = member { values += fields.values }
                else if key == "value", members["field"] != nil { values.append(member) }
                else { values += member.formValues }
            }
            return values
        }
    }
}

/// Two JSON trees equal but for form values, which must map one to one per field: equal in the
/// original exactly where equal in the copy, of the same kind, empty where empty.
struct ValuePattern {
    private var forward: [String: [JSON: JSON]] = [:]
    private var backward: [String: [JSON: JSON]] = [:]
    private(set) var consistent = true

    mutating func match(_ original: JSON, _ copy: JSON) -> Bool {
        switch (original, copy) {
        case let (.object(left), .object(right)):
            guard Set(left.keys) == Set(right.keys) else { return false }
            for (key, member) in left {
                let isForm = key == "baseline" || key == "values"
                if isForm, case .object(let fields) = member, case .object(let copied) = right[key]! {
                    guard Set(fields.keys) == Set(copied.keys) else { return false }
                    for (name, item) in fields where !value(item, copied[name]!, of: name) { return false }
                } else if key == "value", case .string(let name) = left["field"] {
                    if !value(member, right[key]!, of: name) { return false }
                } else if !match(member, right[key]!) {
                    return false
                }
            }
            return true
        case let (.array(left), .array(right)):
            return left.count == right.count && zip(left, right).allSatisfy { match($0, $1) }
        default:
            return original == copy
        }
    }

    private mutating func value(_ original: JSON, _ copy: JSON, of field: String) -> Bool {
        guard Self.kind(original) == Self.kind(copy), Self.isEmpty(original) == Self.isEmpty(copy) else { return false }
        if let known = forward[field]?[original], known != copy { consistent = false }
        if let known = backward[field]?[copy], known != original { consistent = false }
        forward[field, default: [:]][original] = copy
        backward[field, default: [:]][copy] = original
        return true
    }

    private static func kind(_ value: JSON) -> Int {
        switch value {
        case .string: return 0
        case .number: return 1
        case .bool: return 2
        case .null: return 3
        case .array: return 4
        case .object: return 5
        }
    }

    private static func isEmpty(_ value: JSON) -> Bool {
        value == .null || value == .string("")
    }
}
