/// One form field's value: a JSON scalar (string, number, bool or null) as typed, or a marker of a
/// value that cannot be read (``erased``, ``withheld``).
///
/// Numbers are `Double`s and must be finite; the decider rejects commands that carry a
/// non-finite number, so none ever reaches the log. The markers are what reading gives, never what
/// is typed: no text equals them, every output writes them apart from typed values (JSON: an object,
/// `{"erased":true}`; text: a bare `[erased]`, where typed strings are quoted), and the decider
/// refuses a command that carries one.
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
    /// A value of an erased subject: its key is deleted, so what was typed can no longer be read.
    case erased
    /// A sealed value read without its subject's key (the fleet without a shared key, a sealed file
    /// read without its master key), or a value the fleet viewer masks until a reveal.
    case withheld

    /// Whether the value counts as empty for dirtiness and required fields: `""` or `null`.
    ///
    /// A field absent from a form's values is empty too; see ``FieldValue/isEmpty(_:)``.
    public var isEmpty: Bool {
        switch self {
        case .string(let text): return text.isEmpty
        case .null: return true
        case .number, .bool, .erased, .withheld: return false
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
    /// only the events tell whether it changed. (An erased value equals every erased value: the
    /// export of an erased subject relies on it, see `ErasedEditValues`.)
    public var isWithheld: Bool { self == .withheld }

    /// Whether the value is a marker (``erased``, ``withheld``) rather than a typed value.
    public var isMarker: Bool {
        switch self {
        case .erased, .withheld: return true
        case .string, .number, .bool, .null: return false
        }
    }

    /// The text a marker is stored as where a stored JSON column or an export line holds a scalar:
    /// `[erased]` in an erased subject's read-model rows and its export, `[sealed]` in the fleet's rows
    /// of a sealed device. Readers never take that text for the marker: they know from the row's
    /// subject that its values are markers (a typed `[erased]` stays a string). Nil for a typed value.
    package var storedStandIn: String? {
        switch self {
        case .erased: return "[erased]"
        case .withheld: return "[sealed]"
        case .string, .number, .bool, .null: return nil
        }
    }

    /// The value as an export writes it, to be recorded again: a marker as its stand-in text (the
    /// copy's erasure, which the export carries after it, makes it an erased value there too).
    package var exported: FieldValue {
        storedStandIn.map(FieldValue.string) ?? self
    }

    private static func differs(_ old: FieldValue?, _ new: FieldValue?, _ field: String, _ edited: Set<String>) -> Bool {
        if old?.isWithheld == true || new?.isWithheld == true { return edited.contains(field) }
        return !equivalent(old, new)
    }
}
