/// The characters no id or name may hold, and how the human views escape them.
///
/// Control characters (U+0000–U+001F, U+007F and the C1 range U+0080–U+009F) run terminal escapes
/// and split rows when printed; bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069)
/// reorder what a reader sees (an id can then look like another). Ids and names are printed by
/// every view and quoted in error messages, so the decider and the facade refuse them there. Form
/// values may hold them (a note has line breaks): the views escape them instead.
package enum NameCharacters {
    /// Whether `scalar` may not appear in an id or a name.
    package static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// The first forbidden scalar of `text` with its 1-based position in scalars, nil when there is none.
    package static func firstForbidden(in text: String) -> (scalar: Unicode.Scalar, position: Int)? {
        // Ids are checked on every command: a byte scan finds the common clean case without decoding.
        let clean = text.utf8.withContiguousStorageIfAvailable { !mayHoldForbidden($0) }
        if clean == true { return nil }
        for (offset, scalar) in text.unicodeScalars.enumerated() where isForbidden(scalar) {
            return (scalar, offset + 1)
        }
        return nil
    }

    /// What is wrong with `text` as an id, for a message that follows the thing's name: "contains
    /// control character U+001B at character 3"; nil when nothing is. It names the code point and its
    /// position, never the text (an id may be what the message must not print).
    package static func problem(in text: String) -> String? {
        firstForbidden(in: text).map { "contains \(describe($0.scalar)) at character \($0.position)" }
    }

    /// What is wrong with `text` as an identifier of at most `limit` UTF-8 bytes: empty (unless
    /// `allowEmpty`), a forbidden character (``problem(in:)``), or too long; nil when nothing is.
    /// The one rule of session ids, subjects, requesters and device ids; never quotes the text.
    package static func identifierProblem(in text: String, limit: Int, allowEmpty: Bool = false) -> String? {
        if text.isEmpty { return allowEmpty ? nil : "is empty" }
        if let problem = problem(in: text) { return problem }
        return text.utf8.count > limit ? "is longer than \(limit) bytes" : nil
    }

    /// "control character U+001B" or "bidirectional formatting character U+202E".
    package static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let codePoint = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return scalar.value >= 0x202A ? "bidirectional formatting character \(codePoint)" : "control character \(codePoint)"
    }

    /// `text` with every forbidden scalar written as `\u{1b}`, for names printed bare.
    package static func escaped(_ text: String) -> String {
        guard firstForbidden(in: text) != nil else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if isForbidden(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether UTF-8 `bytes` may encode a forbidden scalar: a C0 byte or DEL, a C2 lead byte (C1
    /// controls are C2 80–C2 9F) or an E2 lead byte (the bidi formatting characters are E2 80 xx
    /// and E2 81 xx). False means clean for sure.
    private static func mayHoldForbidden(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
    }
}
