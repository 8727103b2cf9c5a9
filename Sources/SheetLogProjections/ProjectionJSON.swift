import SheetLogDomain

/// Writes the JSON text of the projection columns (draft values, baselines, field lists, stacks).
///
/// Hand-written rather than `JSONEncoder`, and into UTF-8 bytes rather than by appending Unicode
/// scalars to a `String`, because rebuild writes every presentation of the log,
/// and because the inline path and rebuild must produce the very same bytes: keys are sorted,
/// there is no whitespace, and an integral number is written without a fraction (`12`, not
/// `12.0`) so that `json_extract` gives SQLite an INTEGER, as it would for the app's own JSON.
enum ProjectionJSON {
    /// A JSON object of field values, keys sorted.
    static func object(_ values: [String: FieldValue]) -> String {
        object(values) { value, bytes in appendValue(value, to: &bytes) }
    }

    /// A JSON object of strings (route parameters), keys sorted.
    static func object(_ strings: [String: String]) -> String {
        object(strings) { string, bytes in appendString(string, to: &bytes) }
    }

    private static func object<Value>(_ members: [String: Value], _ appendMember: (Value, inout [UInt8]) -> Void) -> String {
        if members.isEmpty { return "{}" }
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(64)
        for (index, key) in members.keys.sorted().enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            appendMember(members[key]!, &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A JSON array of strings, in the given order.
    static func array(_ strings: [String]) -> String {
        if strings.isEmpty { return "[]" }
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, string) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(string, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendValue(_ value: FieldValue, to bytes: inout [UInt8]) {
        switch value {
        case .string(let string): appendString(string, to: &bytes)
        case .number(let number): bytes.append(contentsOf: numberText(number).utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: bytes.append(contentsOf: "null".utf8)
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

    /// A JSON string, escaped exactly as the domain escapes the payloads it encodes.
    static func appendString(_ string: String, to bytes: inout [UInt8]) {
        var json = JSONBytes()
        swap(&json.bytes, &bytes)  // append in place, without copying what is already written
        json.string(string)
        swap(&json.bytes, &bytes)
    }
}
