import Foundation
import SheetLog

/// JSON on stdout: sorted keys (stable output), no escaped slashes.
package enum JSONOutput {
    /// `value` pretty-printed, for the `--json` view of a command; empty arrays and objects are
    /// written `[]` and `{}`.
    package static func pretty(_ value: some Encodable) throws(SheetLogError) -> String {
        compactingEmptyContainers(try encode(value, formatting: [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]))
    }

    /// `value` on one line, for JSON Lines (acks).
    package static func line(_ value: some Encodable) throws(SheetLogError) -> String {
        try encode(value, formatting: [.sortedKeys, .withoutEscapingSlashes])
    }

    private static func encode(_ value: some Encodable, formatting: JSONEncoder.OutputFormatting) throws(SheetLogError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw SheetLogError(.invalidInput, "the output cannot be written as JSON (a non-finite number?)", context: .init(operation: "output"))
        }
    }

    /// Foundation pretty-prints an empty array or object over three lines (`[`, a blank line, `]`).
    /// A line break in encoded JSON is always layout (one inside a string is escaped as `\n`), so
    /// an opening bracket followed by line breaks and spaces up to its closing one is an empty container.
    package static func compactingEmptyContainers(_ json: String) -> String {
        let bytes = Array(json.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            output.append(byte)
            index += 1
            guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{"), index < bytes.count, bytes[index] == UInt8(ascii: "\n") else { continue }
            var end = index
            while end < bytes.count, bytes[end] == UInt8(ascii: "\n") || bytes[end] == UInt8(ascii: " ") { end += 1 }
            let closing = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
            if end < bytes.count, bytes[end] == closing {
                output.append(closing)
                index = end + 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
