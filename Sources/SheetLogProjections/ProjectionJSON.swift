import SheetLogDomain
import SheetLogJSON

/// The JSON text of the projection columns (draft values, baselines, field lists, stacks), written
/// by the package's one writer (``JSONWriter``): the inline path and rebuild produce the very same
/// bytes, which are also the bytes the payloads hold — keys sorted, no whitespace, an integral
/// number without a fraction (`12`, not `12.0`) so that `json_extract` gives SQLite an INTEGER.
package enum ProjectionJSON {
    /// A JSON object of field values, keys sorted.
    package static func object(_ values: [String: FieldValue]) -> String {
        if values.isEmpty { return "{}" }
        var json = JSONWriter(capacity: 64)
        json.fieldValues(values)
        return json.text
    }

    /// A JSON object of strings (route parameters), keys sorted.
    static func object(_ strings: [String: String]) -> String {
        if strings.isEmpty { return "{}" }
        var json = JSONWriter(capacity: 64)
        json.sortedObject(strings)
        return json.text
    }

    /// A JSON array of strings, in the given order.
    static func array(_ strings: [String]) -> String {
        if strings.isEmpty { return "[]" }
        var json = JSONWriter()
        json.strings(strings)
        return json.text
    }
}
