extension SheetLogDatabase {
    /// Refuses an id the facade handles itself (the domain checks the ones inside commands) when it
    /// holds a control or bidi formatting character; the message names the code point, not the id.
    package static func requirePrintable(_ id: String, _ what: String, operation: String) throws(SheetLogError) {
        guard let problem = NameCharacters.problem(in: id) else { return }
        throw SheetLogError(
            .invalidInput, "\(what) \(problem)",
            context: .init(operation: operation))
    }

    /// Metadata names the app, device and user of every event and is printed with them: its keys
    /// and values follow the rule of ids.
    package static func requirePrintableMetadata(_ metadata: [String: String]) throws(SheetLogError) {
        for key in metadata.keys.sorted() {
            try requirePrintable(key, "a metadata key", operation: "open")
            try requirePrintable(metadata[key]!, "the metadata value of key \(key)", operation: "open")
        }
    }
}
