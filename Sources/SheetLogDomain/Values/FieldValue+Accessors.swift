extension FieldValue {
    /// A text field's value: `.string(text)`.
    public init(_ text: String) { self = .string(text) }
    /// A number field's value: `.number(number)`; a non-finite number is refused when recorded.
    public init(_ number: Double) { self = .number(number) }
    /// A number field's value: `.number(Double(number))`.
    public init(_ number: Int) { self = .number(Double(number)) }
    /// A toggle's value: `.bool(flag)`.
    public init(_ flag: Bool) { self = .bool(flag) }

    /// The text of a `.string`, nil for any other case.
    ///
    /// ```swift
    /// TextField("Amount", text: Binding(get: { coordinator.values["amount"]?.stringValue ?? "" },
    ///                                   set: { text in Task { await coordinator.edit("amount", to: text) } }))
    /// ```
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number of a `.number`, nil for any other case.
    public var numberValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The flag of a `.bool`, nil for any other case.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// Whether the value is `.null`.
    public var isNull: Bool { self == .null }
}

/// A Swift value that a form field holds: `String`, `Double`, `Int`, `Bool`, ``FieldValue`` itself,
/// and an optional of any of them (nil is `null`). What ``SheetCoordinator/edit(_:to:)`` takes, so
/// that a text field's `String` or a stepper's `Int` is passed as it is.
///
/// ```swift
/// await coordinator.edit("amount", to: amountText)      // a String
/// await coordinator.edit("guests", to: guestCount)      // an Int
/// await coordinator.edit("reimbursable", to: isOn)      // a Bool
/// await coordinator.edit("notes", to: nil as String?)   // null
/// ```
public protocol FieldValueConvertible: Sendable {
    /// The value as a form field stores it.
    var fieldValue: FieldValue { get }
}

extension FieldValue: FieldValueConvertible {
    public var fieldValue: FieldValue { self }
}

extension String: FieldValueConvertible {
    public var fieldValue: FieldValue { .string(self) }
}

extension Substring: FieldValueConvertible {
    public var fieldValue: FieldValue { .string(String(self)) }
}

extension Double: FieldValueConvertible {
    public var fieldValue: FieldValue { .number(self) }
}

extension Int: FieldValueConvertible {
    public var fieldValue: FieldValue { .number(Double(self)) }
}

extension Bool: FieldValueConvertible {
    public var fieldValue: FieldValue { .bool(self) }
}

extension Optional: FieldValueConvertible where Wrapped: FieldValueConvertible {
    public var fieldValue: FieldValue { self?.fieldValue ?? .null }
}
