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
    /// The pruned log's base the input began with; nil (left out of the JSON) when it had none.
    var base: Base?

    struct Base: Encodable {
        var cutPosition: Int64
        var carriedSessions: Int
        /// False when the database already had this base: nothing of it was written again.
        var installed: Bool
    }

    /// Sessions the sentence names; it counts the others.
    static let namedSessions = 10

    var sentence: String {
        var text = "ingested \(events) \(events == 1 ? "event" : "events") from \(lines) \(lines == 1 ? "line" : "lines")"
        if let base {
            let carried = "\(base.carriedSessions) carried \(base.carriedSessions == 1 ? "session" : "sessions")"
            text += base.installed
                ? "; installed the base of a log pruned through position \(base.cutPosition) (\(carried))"
                : "; the base of a log pruned through position \(base.cutPosition) was already installed"
        }
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
