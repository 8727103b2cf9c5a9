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
    /// form and deleted again is not changed. A field with an unreadable value on either side is
    /// changed when it is in `edited` (see ``Presentation/isDirty``).
    public static func changedFields(
        from baseline: [String: FieldValue], to values: [String: FieldValue], edited: Set<String> = []
    ) -> [String] {
        var changed: [String] = []
        for (field, value) in values where differs(baseline[field], value, field, edited) {
            changed.append(field)
        }
        for (field, value) in baseline where values[field] == nil && differs(value, nil, field, edited) {
            changed.append(field)
        }
        return changed.sorted()
    }

    /// Whether any field differs between `baseline` and `values` (cheaper than ``changedFields(from:to:edited:)``).
    public static func differ(_ baseline: [String: FieldValue], _ values: [String: FieldValue], edited: Set<String> = []) -> Bool {
        for (field, value) in values where differs(baseline[field], value, field, edited) { return true }
        for (field, value) in baseline where values[field] == nil && differs(value, nil, field, edited) { return true }
        return false
    }

    /// A sealed value read without its key (``withheld``): it may hold anything, empty included, so
    /// only the events tell whether it changed. (An erased value is compared as `[erased]`: the
    /// export of an erased subject relies on it, see `ErasedEditValues`.)
    public var isWithheld: Bool { self == .withheld }

    private static func differs(_ old: FieldValue?, _ new: FieldValue?, _ field: String, _ edited: Set<String>) -> Bool {
        if old?.isWithheld == true || new?.isWithheld == true { return edited.contains(field) }
        return !equivalent(old, new)
    }
}
