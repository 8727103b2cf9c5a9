import Foundation

/// A field of an `application/x-www-form-urlencoded` body, as the viewer's forms post them.
enum FormField {
    /// The value of the first field `name` of `body`, decoded and trimmed; nil when there is none,
    /// when it is empty, badly encoded, or longer than `maxBytes`.
    static func value(_ name: String, in body: String, maxBytes: Int) -> String? {
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == name else { continue }
            let value = String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncodingStrictly()?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard let value, !value.isEmpty, value.utf8.count <= maxBytes else { return nil }
            return value
        }
        return nil
    }
}
