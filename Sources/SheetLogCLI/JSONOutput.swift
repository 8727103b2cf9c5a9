import Foundation
import SheetLog

/// JSON on stdout: sorted keys (stable output), no escaped slashes.
enum JSONOutput {
    /// `value` pretty-printed, for the `--json` view of a command.
    static func pretty(_ value: some Encodable) throws(SheetLogError) -> String {
        try encode(value, formatting: [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted])
    }

    /// `value` on one line, for JSON Lines (acks).
    static func line(_ value: some Encodable) throws(SheetLogError) -> String {
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
}
