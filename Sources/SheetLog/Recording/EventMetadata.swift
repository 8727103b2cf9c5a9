import SheetLogJSON

/// The metadata JSON every recorded event carries: the database's ``SheetLogDatabase/Options/metadata``,
/// plus `"command"` on a command's first event so that export and idempotency know which command
/// produced which events.
enum EventMetadata {
    /// The key naming the command on its first event.
    static let commandKey = "command"

    /// A JSON object with sorted keys (stable bytes); `command` wins over a base key of the same name.
    static func json(base: [String: String], command: String?) -> String {
        written(base: base, command: command).text
    }

    /// ``json(base:command:)`` as its writer left it, to ask whether it is strictly valid.
    static func written(base: [String: String], command: String?) -> JSONWriter {
        var object = base
        if let command { object[commandKey] = command }
        var json = JSONWriter()
        json.sortedObject(object)
        return json
    }

    /// The command named in an event's metadata, nil when it names none (a continuation event, or
    /// an event appended without the facade).
    static func command(of event: RecordedEvent) -> String? {
        guard let metadata = event.metadata,
              let object = try? JSONValue.parse(metadata, options: .strict(rejectsDuplicateKeys: false, validatesUTF8: false))
        else { return nil }
        return object[commandKey]?.string
    }

    /// The id of the `k`-th event (1-based) of the command whose first event has `id`.
    static func eventID(_ id: String, index k: Int) -> String {
        k == 1 ? id : "\(id)#\(k)"
    }

    /// The first event's id when `eventID` has the shape of a further event (`<id>#<k>`, k ≥ 2).
    static func commandID(ofContinuation eventID: String) -> String? {
        guard let hash = eventID.lastIndex(of: "#") else { return nil }
        let suffix = eventID[eventID.index(after: hash)...]
        guard !suffix.isEmpty, suffix.allSatisfy({ $0.isASCII }), let k = Int(suffix), k >= 2, String(k) == suffix else { return nil }
        let prefix = eventID[..<hash]
        return prefix.isEmpty ? nil : String(prefix)
    }
}
