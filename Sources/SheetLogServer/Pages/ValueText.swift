import SheetLog
import SheetLogReports

/// A field value as a form shows it: a string as typed, a number, true/false, or a dash for
/// nothing (absent, `null` or `""`). A marker is markup no typed value can produce (typed text is
/// escaped): `<span class="marker">`, `••••` for a withheld value (masked until a reveal, or sealed
/// with no key here) and `erased` for an erased subject's.
enum ValueText {
    static func cell(_ value: FieldValue?) -> HTML {
        guard let value, !value.isEmpty else { return "<span class=\"none\">—</span>" }
        switch value {
        case .string(let text): return "\(text)"
        case .number, .bool, .null: return "<span class=\"scalar\">\(FieldValueText.describe(value))</span>"
        case .erased, .withheld: return marker(value)
        }
    }

    /// A value as the change list quotes it: strings in quotes (so that spaces show), as the CLI prints them.
    static func quoted(_ value: FieldValue?) -> HTML {
        guard let value else { return "<span class=\"none\">(none)</span>" }
        if value.isMarker { return marker(value) }
        return "\(FieldValueText.describe(value))"
    }

    private static func marker(_ value: FieldValue) -> HTML {
        value == .erased
            ? "<span class=\"marker erased\" title=\"erased: its subject's key is deleted\">erased</span>"
            : "<span class=\"marker withheld\" title=\"withheld: masked until a reveal, or sealed with no key here\">••••</span>"
    }
}
