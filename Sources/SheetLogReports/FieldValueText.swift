import SheetLog
import SheetLogJSON

/// Field values as the human views print them: strings quoted as JSON, numbers by the JSON
/// writer's one rule (as export and `--json` print them), and forms as `name=value` pairs sorted by name.
/// The markers print bare, `[erased]` and `[withheld]`: typed text is always quoted, so no typed
/// value prints as a marker does.
///
/// Nothing printed holds a control or bidi formatting character: a value's are written as JSON
/// escapes (`\n`, `\u001b`, `\u202e`), a name's as `\u{1b}` (see `NameCharacters`).
package enum FieldValueText {
    package static func describe(_ value: FieldValue) -> String {
        switch value {
        case .string(let text):
            return quoted(text)
        case .number(let number):
            var writer = JSONWriter(capacity: 24)
            writer.number(number)
            return String(decoding: writer.bytes, as: UTF8.self)
        case .bool(let flag):
            return flag ? "true" : "false"
        case .null:
            return "null"
        case .erased:
            return "[erased]"
        case .withheld:
            return "[withheld]"
        }
    }

    package static func describe(_ values: [String: FieldValue]) -> String {
        if values.isEmpty { return "(no values)" }
        return values.keys.sorted().map { "\(name($0))=\(describe(values[$0]!))" }.joined(separator: " ")
    }

    /// Field names as a list, or a dash for none.
    package static func list(_ fields: [String]) -> String {
        fields.isEmpty ? "-" : fields.map(name).joined(separator: ", ")
    }

    /// An id or a name, printed bare.
    package static func name(_ text: String) -> String {
        NameCharacters.escaped(text)
    }

    /// A string as JSON, with the characters `JSONEncoder` leaves as they are (DEL, C1 controls,
    /// bidi formatting) escaped as well.
    package static func quoted(_ text: String) -> String {
        let json = (try? JSONOutput.line(text)) ?? "\"?\""
        guard NameCharacters.firstForbidden(in: json) != nil else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            if NameCharacters.isForbidden(scalar) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
