/// How strict a ``JSONReader`` is, beyond RFC 8259's grammar and SheetLog's exact numbers, which
/// every reader enforces.
///
/// `strict` is what input must pass before it is stored (the validator on append, ingest lines);
/// `stored` reads back what was stored or written by ``JSONWriter`` (payloads, projection columns,
/// metadata): text that came from a Swift `String` is valid UTF-8 already, and a payload holding
/// `\u0000` (which no append stores) is still read rather than refused.
package struct JSONReadingOptions: Sendable, Hashable {
    /// How deep arrays and objects may nest.
    package var maximumDepth: Int
    /// Whether an object may not repeat a key (compared decoded, see `ObjectKeys`).
    package var rejectsDuplicateKeys: Bool
    /// Whether `\u0000` is refused (a raw NUL, like every control character, always is).
    package var rejectsEscapedNUL: Bool
    /// Whether the bytes of strings are checked as UTF-8 (no overlongs, no surrogates); when not,
    /// an invalid sequence is read as U+FFFD.
    package var validatesUTF8: Bool
    /// Whether every number must be written as a whole number (no `.`, no exponent): a protocol
    /// whose numbers are all counts and times (a pushed line) refuses `21.0` rather than read it as 21.
    package var wholeNumbersOnly: Bool

    package init(
        maximumDepth: Int = 64, rejectsDuplicateKeys: Bool, rejectsEscapedNUL: Bool, validatesUTF8: Bool, wholeNumbersOnly: Bool = false
    ) {
        self.maximumDepth = maximumDepth
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
        self.rejectsEscapedNUL = rejectsEscapedNUL
        self.validatesUTF8 = validatesUTF8
        self.wholeNumbersOnly = wholeNumbersOnly
    }

    /// Input on its way into the log: NUL and invalid UTF-8 refused, repeated keys on request.
    package static func strict(maximumDepth: Int = 64, rejectsDuplicateKeys: Bool, validatesUTF8: Bool = true) -> JSONReadingOptions {
        JSONReadingOptions(
            maximumDepth: maximumDepth, rejectsDuplicateKeys: rejectsDuplicateKeys, rejectsEscapedNUL: true, validatesUTF8: validatesUTF8)
    }

    /// What the log holds, read back: repeated keys refused (one spelling would silently win).
    package static let stored = JSONReadingOptions(rejectsDuplicateKeys: true, rejectsEscapedNUL: false, validatesUTF8: false)
}
