import SheetLog

/// Whether a report shows form values or masks them: the fleet viewer withholds every value
/// (``FieldValue/withheld``: `{"withheld":true}` in JSON, `••••` on its pages) until a reader with the
/// reveal permission reveals the session.
///
/// Only the values are masked: field names, whether a value is empty, and what the state machine
/// derived from the real values (dirty, changed fields, canSave) stay, for they are what support
/// and the audit read. The derived flags are computed before masking, never from masked values.
///
/// ```swift
/// ValueMask.masked.apply(.string("47.50"))   // .withheld
/// ValueMask.masked.apply(.string(""))        // "" (an empty field stays empty)
/// ```
package enum ValueMask: Sendable, Hashable {
    case shown
    case masked

    package func apply(_ value: FieldValue) -> FieldValue {
        switch self {
        case .shown: value
        case .masked: value.isEmpty ? value : .withheld
        }
    }

    package func apply(_ values: [String: FieldValue]) -> [String: FieldValue] {
        switch self {
        case .shown: values
        case .masked: values.mapValues(apply)
        }
    }

    /// The event with its values masked: a present's baseline and values, an edit's value, a save's values.
    package func apply(_ event: SheetEvent) -> SheetEvent {
        guard self == .masked else { return event }
        var event = event
        event.kind = event.kind.mappingValues(apply)
        return event
    }

    /// The draft with its values and baseline masked; its changed fields stay.
    package func apply(_ draft: RecoverableDraft) -> RecoverableDraft {
        guard self == .masked else { return draft }
        var draft = draft
        draft.values = apply(draft.values)
        draft.baseline = apply(draft.baseline)
        return draft
    }
}
