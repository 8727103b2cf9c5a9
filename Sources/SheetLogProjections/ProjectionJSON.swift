import SheetLogDomain

/// Writes the JSON text of the projection columns (draft values, baselines, field lists, stacks).
///
/// Hand-written rather than `JSONEncoder` because rebuild writes every presentation of the log,
/// and because the inline path and rebuild must produce the very same bytes: keys are sorted,
/// there is no whitespace, and an integral number is written without a fraction (`12`, not
/// `12.0`) so that `json_extract` gives SQLite an INTEGER, as it would for the app's own JSON.
enum ProjectionJSON {
    /// A JSON object of field values, keys sorted.
    static func object(_ values: [String: FieldValue]) -> String {
        var text = "{"
        for (index, key) in values.keys.sorted().enumerated() {
            if index > 0 { text += "," }
            appendString(key, to: &text)
            text += ":"
            appendValue(values[key]!, to: &text)
        }
        return text + "}"
    }

    /// A JSON object of strings (route parameters), keys sorted.
    static func object(_ strings: [String: String]) -> String {
        var text = "{"
        for (index, key) in strings.keys.sorted().enumerated() {
            if index > 0 { text += "," }
            appendString(key, to: &text)
            text += ":"
            appendString(strings[key]!, to: &text)
        }
        return text + "}"
    }

    /// A JSON array of strings, in the given order.
    static func array(_ strings: [String]) -> String {
        var text = "["
        for (index, string) in strings.enumerated() {
            if index > 0 { text += "," }
            appendString(string, to: &text)
        }
        return text + "]"
    }

    static func appendValue(_ value: FieldValue, to text: inout String) {
        switch value {
        case .string(let string): appendString(string, to: &text)
        case .number(let number): text += numberText(number)
        case .bool(let flag): text += flag ? "true" : "false"
        case .null: text += "null"
        }
    }

    /// The shortest text that reads back as the same `Double`; `null` for a non-finite number,
    /// which JSON cannot hold (the decider never lets one into the log).
    static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992, !(number == 0 && number.sign == .minus) {
            return String(Int64(number))
        }
        return "\(number)"
    }

    static func appendString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
