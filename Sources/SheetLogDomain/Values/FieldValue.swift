/// One form field's value: a JSON scalar (string, number, bool or null).
///
/// Numbers are `Double`s and must be finite; the decider rejects commands that carry a
/// non-finite number, so none ever reaches the log.
///
/// ```swift
/// let amount: FieldValue = "47.50"
/// let count: FieldValue = 3
/// amount.isEmpty  // false
/// FieldValue.string("").isEmpty  // true
/// ```
public enum FieldValue: Sendable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// Whether the value counts as empty for dirtiness and required fields: `""` or `null`.
    ///
    /// A field absent from a form's values is empty too; see ``FieldValue/isEmpty(_:)``.
    public var isEmpty: Bool {
        switch self {
        case .string(let text): return text.isEmpty
        case .null: return true
        case .number, .bool: return false
        }
    }

    /// Whether a possibly absent value is empty: absent, `""` and `null` all are.
    public static func isEmpty(_ value: FieldValue?) -> Bool {
        value?.isEmpty ?? true
    }

    /// Whether the value can be stored as JSON: every value but a non-finite number.
    public var isFinite: Bool {
        if case .number(let number) = self { return number.isFinite }
        return true
    }

    /// Whether two possibly absent values are the same for dirtiness: equal, or both empty.
    public static func equivalent(_ lhs: FieldValue?, _ rhs: FieldValue?) -> Bool {
        if isEmpty(lhs) && isEmpty(rhs) { return true }
        return lhs == rhs
    }

    /// The names of the fields whose values differ between `baseline` and `values`, sorted.
    ///
    /// A field is compared over the union of both key sets, so a field typed into a creation
    /// form and deleted again is not changed.
    public static func changedFields(from baseline: [String: FieldValue], to values: [String: FieldValue]) -> [String] {
        var changed: [String] = []
        for (field, value) in values where !equivalent(baseline[field], value) {
            changed.append(field)
        }
        for (field, value) in baseline where values[field] == nil && !value.isEmpty {
            changed.append(field)
        }
        return changed.sorted()
    }

    /// Whether any field differs between `baseline` and `values` (cheaper than ``changedFields(from:to:)``).
    public static func differ(_ baseline: [String: FieldValue], _ values: [String: FieldValue]) -> Bool {
        for (field, value) in values where !equivalent(baseline[field], value) { return true }
        for (field, value) in baseline where values[field] == nil && !value.isEmpty { return true }
        return false
    }
}
