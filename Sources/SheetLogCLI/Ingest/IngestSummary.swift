import SheetLog
/// What a default (one-transaction) ingest did: printed as a sentence, or as JSON with `--json`.
struct IngestSummary: Encodable {
    /// Events appended, an erasure's `eraseSubject` event included.
    var events: Int
    /// Command lines read (blank lines not counted).
    var lines: Int
    /// Lines whose id was already stored with the same content: they appended nothing.
    var alreadyStored: Int
    /// Events appended per session.
    var sessions: [String: Int]
    /// The subjects erased by `eraseSubject` lines (not those erased before), in input order; nil
    /// (left out of the JSON) when there were none.
    var erased: [String]?

    /// Sessions the sentence names; it counts the others.
    static let namedSessions = 10

    var sentence: String {
        var text = "ingested \(events) \(events == 1 ? "event" : "events") from \(lines) \(lines == 1 ? "line" : "lines")"
        if !sessions.isEmpty {
            // The first ten: an ingest over a thousand sessions made a line of 40 KB (`--json` lists them all).
            let names = sessions.keys.sorted()
            text += " into " + names.prefix(Self.namedSessions).map { "\(NameCharacters.escaped($0)) (\(sessions[$0]!))" }.joined(separator: ", ")
            if names.count > Self.namedSessions { text += " and \(names.count - Self.namedSessions) more sessions" }
        }
        if let erased {
            text += "; erased \(erased.count == 1 ? "subject" : "subjects") " + erased.map(NameCharacters.escaped).joined(separator: ", ")
        }
        if alreadyStored > 0 { text += "; \(alreadyStored) already stored \(alreadyStored == 1 ? "line was" : "lines were") skipped" }
        return text
    }
}
