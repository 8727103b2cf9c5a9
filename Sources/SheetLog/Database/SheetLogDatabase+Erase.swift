import SheetLogCore
import SheetLogDomain
import SheetLogStorage

extension SheetLogDatabase {
    /// Erases a subject of a sealed database: deletes its data key, so that every value of its
    /// sessions reads as `[erased]` from then on, in every copy of the file made afterwards.
    ///
    /// In one transaction the key's row loses its wrapped key (`secure_delete` zeroes the old cell)
    /// and an `eraseSubject` event (``SubjectErasure``: the subject and who asked, no values) is
    /// appended to the log's `$erasures` stream; then the WAL is checkpointed (TRUNCATE), so that no
    /// copy of the key is left in the file or its WAL. Names, outcomes and times stay: the audit,
    /// `verify` and `rebuild` are unchanged, and the subject's drafts are no longer offered for
    /// recovery. Its sessions take no more commands. Erasing an erased subject changes nothing and
    /// says when it was erased.
    ///
    /// ```swift
    /// let report = try await database.erase(subject: "user-42", requestedBy: "ticket 1234")
    /// print(report.sessions)   // the sessions whose values now read as [erased]
    /// ```
    ///
    /// Throws ``SheetLogError/Code/notSealed`` for a plain database (its values were never sealed,
    /// so no key can take them away), ``SheetLogError/Code/notFound`` for a subject it never held,
    /// ``SheetLogError/Code/invalidInput`` for a malformed subject or requester.
    ///
    /// Copies of the file made before the erasure (backups, a device's earlier push) still hold
    /// the key; so does the memory of another process that read the subject's values before it.
    @concurrent
    public func erase(subject: String, requestedBy: String = "") async throws -> ErasureReport {
        try Self.requireWellFormed(subject, "subject", limit: options.limits.maxIdentifierBytes)
        try Self.requireWellFormed(requestedBy, "requester", limit: options.limits.maxIdentifierBytes, allowEmpty: true)
        let now = options.clock.nowMilliseconds()
        let outcome = try await backend.append { transaction in
            guard let sealing = try transaction.sealing() else {
                throw SheetLogError(
                    .notSealed,
                    "\(path ?? "this database") holds a plain log: its values were never sealed, so no key can erase them (README, Privacy, says how to move a plain log into a sealed database)",
                    context: .init(operation: "erase"))
            }
            let erasure = try sealing.erase(subject)
            guard case .erasedNow = erasure else { return DecidedAppend(batches: [], plan: erasure) }
            let event = SubjectErasure(subject: subject, requestedBy: requestedBy).eventData(occurredAt: now)
            return DecidedAppend(batches: [StreamBatch(stream: SubjectErasure.stream, events: [event], expected: .any)], plan: erasure)
        }
        cache.removeAll()
        let checkpointed = try await backend.settleErasure()
        switch outcome.plan {
        case .erasedNow(let sessions):
            return ErasureReport(
                subject: subject, requestedBy: requestedBy, erasedAt: now, alreadyErased: false, sessions: sessions,
                position: outcome.result.events.first?.position, walCheckpointed: checkpointed)
        case let .erasedBefore(erasedAt, sessions):
            return ErasureReport(
                subject: subject, requestedBy: requestedBy, erasedAt: erasedAt, alreadyErased: true, sessions: sessions,
                position: nil, walCheckpointed: checkpointed)
        }
    }

    private static func requireWellFormed(_ text: String, _ what: String, limit: Int, allowEmpty: Bool = false) throws {
        if let problem = NameCharacters.identifierProblem(in: text, limit: limit, allowEmpty: allowEmpty) {
            throw SheetLogError(.invalidInput, "erase: the \(what) \(problem)", context: .init(operation: "erase", limit: limit))
        }
    }
}

/// What ``SheetLogDatabase/erase(subject:requestedBy:)`` did.
public struct ErasureReport: Sendable, Hashable {
    public var subject: String
    public var requestedBy: String
    /// When the key was deleted (milliseconds since 1970): now, or at the earlier erasure.
    public var erasedAt: Int64
    /// True when the subject was erased before: nothing changed.
    public var alreadyErased: Bool
    /// The subject's sessions, whose values now read as `[erased]`.
    public var sessions: Int
    /// The `eraseSubject` event's position; nil when nothing was appended.
    public var position: Int64?
    /// False when another connection's read held the WAL checkpoint back: the key's old page then
    /// stays in the `-wal` file until a later checkpoint (the next erase, or SQLite's own).
    public var walCheckpointed: Bool
}
