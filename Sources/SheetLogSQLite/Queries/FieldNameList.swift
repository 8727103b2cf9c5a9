/// Reads a JSON array of strings without escapes (`["amount","note"]`), the common shape of the
/// `changed_fields` columns, without building a JSON tree.
package enum FieldNameList {
    /// The names, or nil when the UTF-8 text is anything else (escapes, whitespace, other values):
    /// the caller then uses the full JSON parser, which also reports malformed text.
    package static func parseUnescaped(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), backslash = UInt8(ascii: "\\")
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]") else { return nil }
        if bytes.count == 2 { return [] }
        var names: [String] = []
        // One allocation: the commas bound the names (a comma inside a name only adds room).
        var commas = 0
        for byte in bytes where byte == UInt8(ascii: ",") { commas += 1 }
        names.reserveCapacity(commas + 1)
        var index = 1
        let end = bytes.count - 1
        while true {
            guard index < end, bytes[index] == quote else { return nil }
            let start = index + 1
            var close = start
            while close < end, bytes[close] != quote {
                // An escape or a control character: leave it to the full parser.
                if bytes[close] == backslash || bytes[close] < 0x20 { return nil }
                close += 1
            }
            guard close < end else { return nil }
            names.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<close]), as: UTF8.self))
            index = close + 1
            if index == end { return names }
            guard bytes[index] == comma else { return nil }
            index += 1
        }
    }
}
