import SheetLogCore
import SheetLogJSON

/// The log's record that a subject was erased: who asked, and (in the envelope) when. No values.
///
/// It is an event of the log, not of a session: it is appended to the reserved stream
/// ``stream`` (session ids cannot start with `$`), chained like every event, so `verify` covers
/// it; the projections, the export and a session's replay pass over it.
///
/// ```swift
/// let erasure = SubjectErasure(subject: "user-42", requestedBy: "support ticket 1234")
/// let data = erasure.eventData(occurredAt: now)   // type "eraseSubject", stream "$erasures"
/// ```
public struct SubjectErasure: Sendable, Hashable {
    /// The stream every erasure is appended to.
    public static let stream = "$erasures"
    /// The event's type name in the log.
    public static let type = "eraseSubject"
    public static let schemaVersion = 1

    public var subject: String
    /// Who asked for the erasure, as the caller names them (a ticket, an operator); a new erasure
    /// must name someone, a log written before that was required may hold it empty.
    public var requestedBy: String

    public init(subject: String, requestedBy: String) {
        self.subject = subject
        self.requestedBy = requestedBy
    }

    /// Whether `stream` is one of the log's own streams (named with a leading `$`, as ``stream``
    /// is): never a session, so no command goes there and no replay reads it.
    public static func isLogStream(_ stream: String) -> Bool { stream.hasPrefix("$") }

    /// What is wrong with a session id that names one of the log's own streams, for a message that
    /// follows "the session id".
    public static let reservedSessionProblem = "starts with $, which is kept for the log's own streams (such as \(stream))"

    /// Whether an event of `type` is a log-level event, which no session folds.
    public static func isLogLevel(type: String) -> Bool {
        type == Self.type
    }

    /// The event to append, under a fresh id.
    public func eventData(occurredAt: Int64) -> EventData {
        var writer = JSONWriter()
        writer.raw("{")
        writer.key("requestedBy")
        writer.string(requestedBy)
        writer.key("subject")
        writer.string(subject)
        writer.raw("}")
        return EventData(type: Self.type, schemaVersion: Self.schemaVersion, payload: writer.text, occurredAt: occurredAt)
    }

    /// The erasure a stored event records. Throws ``SheetLogError/Code/undecodableEvent`` for
    /// another type, schema or a payload that is not `{"subject": …, "requestedBy": …}`.
    public static func decode(_ recorded: RecordedEvent) throws(SheetLogError) -> SubjectErasure {
        let context = SheetLogError.Context(
            stream: recorded.stream, actualVersion: recorded.version, position: recorded.position, eventType: recorded.type,
            operation: "decode event")
        guard recorded.type == type else {
            throw SheetLogError(.undecodableEvent, "event at position \(recorded.position) is not an \(type)", context: context)
        }
        guard recorded.schemaVersion == schemaVersion else {
            throw SheetLogError(
                .unsupportedSchemaVersion, "\(type) at position \(recorded.position) has schema \(recorded.schemaVersion), this build reads \(schemaVersion)",
                context: context)
        }
        guard let json = try? JSONValue.parse(recorded.payload), case .object(let members) = json, members.count == 2,
              let subject = json["subject"]?.string, !subject.isEmpty, let requestedBy = json["requestedBy"]?.string
        else {
            throw SheetLogError(
                .undecodableEvent, "\(type) at position \(recorded.position) is not {\"subject\", \"requestedBy\"}", context: context)
        }
        return SubjectErasure(subject: subject, requestedBy: requestedBy)
    }
}
