import SheetLogDomain
import SheetLogJSON

/// A value stored as JSON text in a projection column (field lists, stacks, drafts, route
/// parameters), read with the package's own reader (`JSONReader`) rather than `JSONDecoder`: the audit
/// and recovery queries read one or more such columns per row.
protocol ProjectionColumnValue {
    /// The value the parsed column holds, nil when its shape is not this type's.
    init?(json: JSONValue)
}

extension Array: ProjectionColumnValue where Element == String {
    init?(json: JSONValue) {
        guard case .array(let items) = json else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(items.count)
        for item in items {
            guard let text = item.string else { return nil }
            strings.append(text)
        }
        self = strings
    }
}

extension Dictionary: ProjectionColumnValue where Key == String, Value: ProjectionColumnScalar {
    init?(json: JSONValue) {
        guard case .object(let members) = json else { return nil }
        var values: [String: Value] = Dictionary(minimumCapacity: members.count)
        for member in members {
            guard let value = Value(scalar: member.value) else { return nil }
            values[member.key] = value
        }
        self = values
    }
}

/// What a JSON object column maps its keys to: strings (route parameters) or field values (drafts).
protocol ProjectionColumnScalar {
    init?(scalar: JSONValue)
}

extension String: ProjectionColumnScalar {
    init?(scalar: JSONValue) {
        guard let text = scalar.string else { return nil }
        self = text
    }
}

extension FieldValue: ProjectionColumnScalar {
    init?(scalar: JSONValue) {
        switch scalar {
        case .string(let text): self = .string(text)
        case .number(let number): self = .number(number)
        case .bool(let flag): self = .bool(flag)
        case .null: self = .null
        case .object, .array: return nil
        }
    }
}
