import SheetLogCore
import SheetLogJSON

/// A run of a device's stored events as the push protocol carries them: JSON Lines, one event a
/// line, in position order, each with every column the device's log holds — its payload and
/// metadata as the exact stored text, its chain in hex — so that the collector recomputes the chain
/// over the same bytes.
///
/// ```text
/// {"position":1,"eventId":"e1","stream":"s1","version":1,"type":"present","schemaVersion":1,"payload":"{…}",
///  "metadata":null,"occurredAt":1767225600000,"recordedAt":1767225600004,"chain":"9f…","chainVersion":2}
/// ```
///
/// ```swift
/// let body = PushBatch.encode(events)
/// let events = try PushBatch.decode(body, limits: .default)
/// ```
public enum PushBatch {
    /// The keys of a line, in the order they are written; a line has each once and no other.
    public static let keys = [
        "position", "eventId", "stream", "version", "type", "schemaVersion", "payload", "metadata", "occurredAt", "recordedAt",
        "chain", "chainVersion",
    ]

    /// The JSON Lines of `events`, each line ended by a newline.
    public static func encode(_ events: some Collection<RecordedEvent>) -> [UInt8] {
        var writer = JSONWriter(capacity: events.reduce(0) { $0 + $1.payload.utf8.count + 300 })
        for event in events {
            writer.beginObject()
            writer.key("position"); writer.integer(event.position)
            writer.key("eventId"); writer.string(event.eventID)
            writer.key("stream"); writer.string(event.stream)
            writer.key("version"); writer.integer(event.version)
            writer.key("type"); writer.string(event.type)
            writer.key("schemaVersion"); writer.integer(Int64(event.schemaVersion))
            writer.key("payload"); writer.string(event.payload)
            writer.key("metadata")
            if let metadata = event.metadata { writer.string(metadata) } else { writer.null() }
            writer.key("occurredAt")
            if let occurredAt = event.occurredAt { writer.integer(occurredAt) } else { writer.null() }
            writer.key("recordedAt"); writer.integer(event.recordedAt)
            writer.key("chain"); writer.string(Checksum.hex(event.chain))
            writer.key("chainVersion"); writer.integer(Int64(event.chainVersion))
            writer.endObject()
            writer.raw("\n")
        }
        return writer.bytes
    }

    /// The events of `body`, checked against the protocol and `limits` before anything else reads them.
    ///
    /// Throws ``SheetLogError/Code/payloadTooLarge`` for a body over `limits.maxBytes` or
    /// `limits.maxEvents` (the collector's `413`), and ``SheetLogError/Code/invalidInput`` naming the
    /// line and the key for anything else (`400`): not UTF-8 or not JSON, a key missing, repeated or
    /// unknown, a value of the wrong kind or out of range, an event over the input limits, a position
    /// that does not follow the line before. Messages hold line numbers, key names and limits only,
    /// never a value: the payloads are people's form values.
    public static func decode(_ body: some Collection<UInt8>, limits: PushLimits = .default) throws(SheetLogError) -> [RecordedEvent] {
        guard body.count <= limits.maxBytes else {
            throw SheetLogError(
                .payloadTooLarge, "the batch is \(body.count) bytes, over the \(limits.maxBytes) a batch may hold",
                context: .init(operation: "push", limit: limits.maxBytes))
        }
        var events: [RecordedEvent] = []
        var lines = Array(body).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The newline that ends the last line ends no line of its own.
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        var lineNumber = 0
        for line in lines {
            lineNumber += 1
            if line.isEmpty { throw invalid(lineNumber, "is empty") }
            guard events.count < limits.maxEvents else {
                throw SheetLogError(
                    .payloadTooLarge, "the batch holds more than the \(limits.maxEvents) events a batch may hold (line \(lineNumber))",
                    context: .init(operation: "push", limit: limits.maxEvents))
            }
            let event = try PushLine(line, number: lineNumber, limits: limits.input).event
            if let previous = events.last, event.position != previous.position + 1 {
                throw invalid(lineNumber, "has position \(event.position), which does not follow position \(previous.position) of line \(lineNumber - 1)")
            }
            events.append(event)
        }
        // An empty body is one empty line, refused above.
        return events
    }

    static func invalid(_ line: Int, _ problem: String) -> SheetLogError {
        SheetLogError(.invalidInput, "line \(line) of the batch \(problem)", context: .init(operation: "push", line: line))
    }
}
