import SheetLog

/// Field values as the human views print them: strings quoted as JSON, numbers without a
/// needless `.0`, and forms as `name=value` pairs sorted by name.
enum FieldValueText {
    static func describe(_ value: FieldValue) -> String {
        switch value {
        case .string(let text):
            return (try? JSONOutput.line(text)) ?? "\"?\""
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        case .bool(let flag):
            return flag ? "true" : "false"
        case .null:
            return "null"
        }
    }

    static func describe(_ values: [String: FieldValue]) -> String {
        if values.isEmpty { return "(no values)" }
        return values.keys.sorted().map { "\($0)=\(describe(values[$0]!))" }.joined(separator: " ")
    }

    /// Field names as a list, or a dash for none.
    static func list(_ fields: [String]) -> String {
        fields.isEmpty ? "-" : fields.joined(separator: ", ")
    }
}
