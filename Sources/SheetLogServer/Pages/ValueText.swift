import SheetLog
import SheetLogReports

/// A field value as a form shows it: a string as typed, a number, true/false, or a dash for
/// nothing (absent, `null` or `""`).
enum ValueText {
    static func cell(_ value: FieldValue?) -> HTML {
        guard let value, !value.isEmpty else { return "<span class=\"none\">—</span>" }
        switch value {
        case .string(let text): return "\(text)"
        case .number, .bool, .null: return "<span class=\"scalar\">\(FieldValueText.describe(value))</span>"
        }
    }

    /// A value as the change list quotes it: strings in quotes (so that spaces show), as the CLI prints them.
    static func quoted(_ value: FieldValue?) -> HTML {
        guard let value else { return "<span class=\"none\">(none)</span>" }
        return "\(FieldValueText.describe(value))"
    }
}
