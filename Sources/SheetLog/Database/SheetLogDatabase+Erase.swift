import SheetLogCore
import SheetLogDomain
import SheetLogStorage

extension SheetLogDatabase {
    /// Erases a subject of a sealed database: deletes its data key, so that every value of its
    /// sessions reads as `[erased]` from then on, in every copy of the file made afterwards.
    ///
    /// In one transaction the subject's open sessions are closed (recorded as an app would close
    /// them: Keep Editing on an alert that is up, a programmatic `dismissAll`, `endSession`; events
    /// without values), the key's row loses its wrapped key (`secure_delete` zeroes the old cell)
    /// and an `eraseSubject` event (``SubjectErasure``: the subject and who asked, no values) is
    /// appended to the log's `$erasures` stream; then the WAL is checkpointed (TRUNCATE), so that no
    /// copy of the key is left in the file or its WAL. Names, outcomes and times stay: the audit,
    /// `verify` and `rebuild` are unchanged, and the subject's drafts are no longer offered for
    /// recovery. Its sessions take no more commands: each is refused with
    /// ``SheetLogError/Code/subjectErased``, and a ``SheetCoordinator`` that shows one then shows it
    /// closed. Other subjects' sessions go on. Erasing an erased subject changes nothing and says
    /// when it was erased.
    ///
    /// ```swift
    /// let report = try await database.erase(subject: "user-42", requestedBy: "ticket 1234")
    /// print(report.sessions)   // the sessions whose values now read as [erased]
    /// ```
    ///
    /// `requestedBy` is required and must not be empty: who asked is part of the erasure's record
    /// (``erasures()`` lists it). A copy of an older log's erasure that named no one is recorded
    /// through ``erase(_:)``, which copies it as it was.
    ///
    /// Throws ``SheetLogError/Code/notSealed`` for a plain database (its values were never sealed,
    /// so no key can take them away), ``SheetLogError/Code/notFound`` for a subject it never held,
    /// ``SheetLogError/Code/invalidInput`` for a malformed subject or requester, or an empty one.
    ///
    /// Copies of the file made before the erasure (backups, a device's earlier push) still hold
    /// the key; so does the memory of another process that read the subject's values before it.
    ///
    /// `id` and `occurredAt` are the `eraseSubject` event's (a fresh id and now by default): an
    /// erasure carried by `sheetlog export | sheetlog ingest` keeps both, so that the same input
    /// given twice erases once. An `id` already stored as the same erasure changes nothing; stored
    /// as anything else, it is refused (``SheetLogError/Code/idempotencyConflict``).
    @discardableResult
    @concurrent
    public func erase(
        subject: String, requestedBy: String, id: String? = nil, occurredAt: Int64? = nil
    ) async throws -> ErasureReport {
        if requestedBy.isEmpty {
            throw SheetLogError(
                .invalidInput, "erase: the requester is empty: who asked for the erasure (a ticket, an operator) is part of its record",
                context: .init(operation: "erase"))
        }
        return try await erase(subject: subject, requestedBy: requestedBy, id: id, occurredAt: occurredAt, copying: false)
    }

    /// The erasure itself; `copying` (an erasure carried by `export | ingest`, ``erase(_:)``) lets
    /// the requester be empty, as a log written before it was required may hold it: a copy
    /// reproduces the log.
    @concurrent
    func erase(
        subject: String, requestedBy: String, id: String?, occurredAt: Int64?, copying: Bool
    ) async throws -> ErasureReport {
        try Self.requireWellFormed(subject, "subject", limit: options.limits.maxIdentifierBytes)
        try Self.requireWellFormed(requestedBy, "requester", limit: options.limits.maxIdentifierBytes, allowEmpty: copying)
        if let id {
            try Self.requireWellFormed(id, "erasure id", limit: options.limits.maxIdentifierBytes)
            if id.utf8.contains(UInt8(ascii: "#")) {
                throw SheetLogError(
                    .invalidInput, "erase: the erasure id contains '#', which SheetLog reserves for the ids of a command's further events",
                    context: .init(eventID: id, operation: "erase"))
            }
        }
        let now = options.clock.nowMilliseconds()
        let erasure = SubjectErasure(subject: subject, requestedBy: requestedBy)
        let outcome = try await backend.append { transaction in
            guard let sealing = try transaction.sealing() else { throw plainLogCannotErase }
            var storedBefore = false
            // The erasure's own time: the stored event's, else the one given (an erasure carried by
            // `export | ingest`), else now.
            var erasedAt = occurredAt ?? now
            if let id, let stored = try transaction.events(withIDs: [id]).first {
                try Self.requireSameErasure(stored, as: erasure, occurredAt: occurredAt)
                storedBefore = true
                erasedAt = stored.occurredAt ?? erasedAt
            }
            // Decided before the key goes, for they are sealed under it (and hold no values).
            var closing = storedBefore ? nil : try closingPlan(of: subject, at: occurredAt ?? now, in: transaction, sealing: sealing)
            let keyErasure = try sealing.erase(subject, at: erasedAt, withEvent: !storedBefore)
            let isDefault = sealing.defaultSubject == subject
            guard case .erasedNow = keyErasure, !storedBefore else {
                return DecidedAppend(batches: [], plan: (keyErasure, storedBefore, isDefault, [String](), erasedAt))
            }
            var event = erasure.eventData(occurredAt: occurredAt ?? now)
            if let id { event.eventID = id }
            return DecidedAppend(
                batches: (closing?.plan.batches ?? []) + [StreamBatch(stream: SubjectErasure.stream, events: [event], expected: .any)],
                plan: (keyErasure, storedBefore, isDefault, closing?.sessions ?? [], erasedAt), idsLookedUp: true,
                rows: closing?.plan.rows())
        }
        cache.removeAll()
        checkpoints.removeAll()
        let checkpointed: Bool
        do {
            checkpointed = try await backend.settleErasure()
        } catch {
            // The erasure is committed: failing now would report a stored erasure as not done.
            // A checkpoint that found no room (a full disk) leaves the key's old page in the WAL
            // until a later one, as a reader holding it back does.
            checkpointed = false
        }
        let (keyErasure, alreadyStored, isDefaultSubject, closed, erasedAt) = outcome.plan
        switch keyErasure {
        case .erasedNow(let sessions) where alreadyStored:
            // Its event is stored, its key was not yet deleted (a file written by an older build):
            // deleted now, without a second event.
            return ErasureReport(
                subject: subject, requestedBy: requestedBy, erasedAt: erasedAt, alreadyErased: true, alreadyStored: true, sessions: sessions,
                position: nil, eventID: nil, walCheckpointed: checkpointed, isDefaultSubject: isDefaultSubject, closedSessions: closed)
        case .erasedNow(let sessions):
            return ErasureReport(
                subject: subject, requestedBy: requestedBy, erasedAt: erasedAt, alreadyErased: false, alreadyStored: false, sessions: sessions,
                position: outcome.result.events.last?.position, eventID: outcome.result.events.last?.eventID,
                walCheckpointed: checkpointed, isDefaultSubject: isDefaultSubject, closedSessions: closed)
        case let .erasedBefore(erasedBefore, sessions):
            return ErasureReport(
                subject: subject, requestedBy: requestedBy, erasedAt: erasedBefore, alreadyErased: true, alreadyStored: alreadyStored,
                sessions: sessions,
                position: nil, eventID: nil, walCheckpointed: checkpointed, isDefaultSubject: isDefaultSubject, closedSessions: closed)
        }
    }

    /// The events that close the subject's open sessions, and those sessions; nil when the subject
    /// was erased before (its key can seal nothing more).
    private func closingPlan(
        of subject: String, at: Int64, in transaction: any AppendTransaction, sealing: any AppendSealing
    ) throws -> (plan: RecordingPlan, sessions: [String])? {
        let planner = try CommandPlanner(transaction: transaction, cache: cache, metadataTexts: metadataTexts, limits: options.limits)
        var plan = RecordingPlan(era: cache.era(at: transaction.mark), position: transaction.mark.position)
        do {
            let sessions = try planner.planClosing(try sealing.sessions(ofSubject: subject), of: subject, at: at, into: &plan)
            return (plan, sessions)
        } catch let error as SheetLogError where error.code == .subjectErased {
            return nil
        }
    }

    /// Throws what ``erase(subject:requestedBy:id:occurredAt:)`` would for a plain log, or for a
    /// sealed one without its master key: `ingest` asks before it records the lines before an erasure.
    package func requireErasable() async throws {
        _ = try await backend.append { transaction in
            guard try transaction.sealing() != nil else { throw plainLogCannotErase }
            return DecidedAppend(batches: [], plan: ())
        }
    }

    private var plainLogCannotErase: SheetLogError {
        SheetLogError(
            .notSealed,
            "\(path ?? "this database") holds a plain log: its values were never sealed, so no key can erase them (README, Privacy, says how to move a plain log into a sealed database)",
            context: .init(operation: "erase"))
    }

    /// An event stored under the id an erasure gives must be that erasure, as the log stored it.
    private static func requireSameErasure(_ stored: RecordedEvent, as erasure: SubjectErasure, occurredAt: Int64?) throws {
        let context = SheetLogError.Context(stream: stored.stream, position: stored.position, eventID: stored.eventID, operation: "erase")
        guard stored.type == SubjectErasure.type else {
            throw SheetLogError(
                .idempotencyConflict,
                "erasure id \(stored.eventID) is already stored as a \(stored.type) event of \(stored.stream) (position \(stored.position)), erasing nothing",
                context: context)
        }
        let earlier = try SubjectErasure.decode(stored)
        let difference =
            earlier.subject != erasure.subject ? "subject"
            : earlier.requestedBy != erasure.requestedBy ? "requester"
            : occurredAt.map { $0 == stored.occurredAt ? nil : "time" } ?? nil
        guard let difference else { return }
        throw SheetLogError(
            .idempotencyConflict,
            "erasure id \(stored.eventID) is already stored with a different \(difference) (position \(stored.position)), erasing nothing",
            context: context)
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
    /// When the subject was erased (milliseconds since 1970): the erasure's own time (now, or the
    /// `occurredAt` given: an erasure carried by `export | ingest` keeps the original's), or the
    /// earlier erasure's. `subject_keys.erased_at` and the event's `occurred_at` hold it.
    public var erasedAt: Int64
    /// True when the subject was erased before: nothing changed.
    public var alreadyErased: Bool
    /// True when the erasure's id was found stored as this very erasure (a resend).
    public var alreadyStored: Bool
    /// The subject's sessions, whose values now read as `[erased]`.
    public var sessions: Int
    /// The `eraseSubject` event's position; nil when nothing was appended.
    public var position: Int64?
    /// The `eraseSubject` event's id; nil when nothing was appended.
    public var eventID: String?
    /// False when the WAL checkpoint after the erasure did not complete (another connection's read
    /// held it back, or it failed, on a full disk): the key's old page then stays in the `-wal` file
    /// until a later checkpoint (the next erase, or SQLite's own).
    public var walCheckpointed: Bool
    /// True when the subject is the database's default subject (``Options/defaultSubject`` when it
    /// was created): from now on a new session that names no subject is refused
    /// (``SheetLogError/Code/subjectErased``), for its values would be sealed under the erased key.
    public var isDefaultSubject: Bool
    /// The subject's sessions that were still open, which the erasure closed (recorded before its
    /// `eraseSubject` event: Keep Editing on an alert that was up, a programmatic `dismissAll`,
    /// `endSession`): the windows that show them take no more commands
    /// (``SheetLogError/Code/subjectErased``), and a ``SheetCoordinator`` of one shows it closed.
    public var closedSessions: [String]
}
