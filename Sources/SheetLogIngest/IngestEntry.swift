import SheetLogDomain

/// One decoded line of the ingest format: a session's command, the erasure of a subject, or a line
/// of a pruned log's base.
///
/// ```swift
/// switch try IngestDecoder().decodeEntry(raw) {
/// case .command(let line): try await database.record([line.envelope])
/// case .erasure(let erasure): try await database.erase(subject: erasure.subject, requestedBy: erasure.requestedBy)
/// case .base(let part): parts.append(part)  // installed together, before any command
/// }
/// ```
public enum IngestEntry: Sendable, Hashable {
    case command(IngestLine)
    case erasure(IngestErasure)
    case base(IngestBasePart)
}

/// An `eraseSubject` line: the log's record that a subject was erased, as `sheetlog export` writes
/// it, so that a copy made by `export | ingest` erases the subject at the same point.
///
/// ```swift
/// IngestErasure(subject: "user-42", requestedBy: "ticket 1234", id: "e-99")
/// // {"id":"e-99","requestedBy":"ticket 1234","subject":"user-42","type":"eraseSubject"}
/// ```
public struct IngestErasure: Sendable, Hashable {
    /// The line's type name, as `SubjectErasure.type` names the event.
    public static let type = SubjectErasure.type

    public var subject: String
    /// Who asked for the erasure; may be empty in a copy of an erasure recorded before `sheetlog erase` required it.
    public var requestedBy: String
    /// The `eraseSubject` event's id; nil lets the database choose one.
    public var id: String?
    /// When the erasure happened, in milliseconds since 1970; nil means "now".
    public var occurredAt: Int64?

    public init(subject: String, requestedBy: String = "", id: String? = nil, occurredAt: Int64? = nil) {
        self.subject = subject
        self.requestedBy = requestedBy
        self.id = id
        self.occurredAt = occurredAt
    }
}
