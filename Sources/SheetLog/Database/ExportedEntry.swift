import SheetLogDomain

/// One entry of ``SheetLogDatabase/exportLog(session:)``: a recorded command, or the erasure of a
/// subject, in the order the log holds them; a pruned log's export begins with its base.
///
/// ```swift
/// for entry in try await database.exportLog() {
///     switch entry {
///     case .base(let image): try await copy.installBase(image)
///     case .command(let envelope): try await copy.record([envelope])
///     case .erasure(let erasure): try await copy.erase(erasure)
///     }
/// }
/// ```
public enum ExportedEntry: Sendable, Hashable {
    /// What the prunes removed and carried: first, and only in the export of a whole pruned log.
    case base(LogBaseImage)
    case command(CommandEnvelope)
    case erasure(ErasureEnvelope)
}

/// An erasure as the log recorded it: the subject, who asked, and its `eraseSubject` event's id and
/// time. Given to ``SheetLogDatabase/erase(_:)``, it erases the subject in another sealed database
/// under the same id, once however often it is given.
public struct ErasureEnvelope: Sendable, Hashable {
    public var subject: String
    /// Who asked, as the erasure named them; may be empty in a copy of an erasure recorded before
    /// ``SheetLogDatabase/erase(subject:requestedBy:id:occurredAt:)`` required one.
    public var requestedBy: String
    /// The `eraseSubject` event's id; a fresh one when nil.
    public var id: String?
    /// When the subject was erased, in milliseconds since 1970; now when nil.
    public var occurredAt: Int64?

    public init(subject: String, requestedBy: String = "", id: String? = nil, occurredAt: Int64? = nil) {
        self.subject = subject
        self.requestedBy = requestedBy
        self.id = id
        self.occurredAt = occurredAt
    }
}

extension SheetLogDatabase {
    /// Erases the subject `erasure` names, under its id and time: see ``erase(subject:requestedBy:id:occurredAt:)``.
    /// A copy of the log's record, so its requester may be empty (an erasure recorded before one was
    /// required): it is copied as it was, where a new erasure must name who asked.
    @discardableResult
    @concurrent
    public func erase(_ erasure: ErasureEnvelope) async throws -> ErasureReport {
        try await erase(subject: erasure.subject, requestedBy: erasure.requestedBy, id: erasure.id, occurredAt: erasure.occurredAt, copying: true)
    }
}
