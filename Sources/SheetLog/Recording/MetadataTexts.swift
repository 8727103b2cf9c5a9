/// The metadata JSON of a database's events, encoded once per command name instead of once per
/// event: the base metadata never changes for a database, and there are a dozen command names.
///
/// ```swift
/// let texts = MetadataTexts(base: ["appVersion": "2.3.1"])
/// assert(texts.json(command: "edit") == #"{"appVersion":"2.3.1","command":"edit"}"#)
/// ```
final class MetadataTexts: Sendable {
    private let base: [String: String]
    private let texts = LockedBox<[String: String]>([:])
    private let continuation: String
    /// Whether every text is strictly valid JSON as written (see `JSONWriter.isStrictlyValid`): the
    /// base metadata decides, since command names are plain identifiers.
    let isStrictlyValid: Bool

    init(base: [String: String]) {
        self.base = base
        let written = EventMetadata.written(base: base, command: nil)
        continuation = written.text
        isStrictlyValid = written.isStrictlyValid
    }

    /// ``EventMetadata/json(base:command:)`` for this database's base metadata.
    func json(command: String?) -> String {
        guard let command else { return continuation }
        if let known = texts.withLock({ $0[command] }) { return known }
        let text = EventMetadata.json(base: base, command: command)
        texts.withLock { $0[command] = text }
        return text
    }
}
