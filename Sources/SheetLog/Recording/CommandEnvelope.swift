import Foundation

/// A command addressed to a session, with the id and time it is recorded under.
///
/// The id makes a retry safe: a command whose id is already stored with the same content is
/// recognised and appends nothing. `occurredAt` nil means "now" on the database's clock.
///
/// ```swift
/// let envelope = CommandEnvelope(session: "window-1", command: .edit(field: "amount", value: "47.50"),
///                                id: "cmd-42", occurredAt: 1_767_225_600_000)
/// try await database.record([envelope])
/// ```
public struct CommandEnvelope: Sendable, Hashable {
    /// The session the command is recorded in. A `declineDraft` is always recorded in its draft's
    /// session, whatever this says; a `restoreDraft` restores into this session.
    public var session: String
    /// What to record.
    public var command: SheetCommand
    /// The id of the command's first event; further events get `id#2`, `id#3` … A random UUID when nil.
    public var id: String?
    /// Milliseconds since 1970 on the app's clock; the database's clock when nil.
    public var occurredAt: Int64?
    /// The person whose data the session holds, in a sealed database: taken from the session's first
    /// command (else the database's default subject) and never changed; a later command may repeat
    /// it, never name another. Ignored by a plain database.
    public var subject: String?
    /// The outcome an `attemptDismiss` claims: decided in the append's transaction, the command is
    /// refused (``SheetLogError/Rule/outcomeDiffers``, nothing recorded) when the state machine decides
    /// another, and a resend of a stored command with another outcome is an idempotency conflict. Not
    /// stored: only the decided outcome is.
    public var expectedOutcome: DismissOutcome?

    /// A command for `session`, with an optional id, time (milliseconds since 1970), subject and
    /// expected outcome.
    public init(
        session: String, command: SheetCommand, id: String? = nil, occurredAt: Int64? = nil, subject: String? = nil,
        expectedOutcome: DismissOutcome? = nil
    ) {
        self.session = session
        self.command = command
        self.id = id
        self.occurredAt = occurredAt
        self.subject = subject
        self.expectedOutcome = expectedOutcome
    }

    /// A command for `session` that happened at `date` (kept to the millisecond).
    public init(session: String, command: SheetCommand, id: String? = nil, at date: Date) {
        self.init(session: session, command: command, id: id, occurredAt: EpochMilliseconds.floor(date))
    }

    /// ``occurredAt`` as a `Date`; nil means "now" on the database's clock.
    public var occurredDate: Date? { EpochMilliseconds.date(occurredAt) }

    /// The session whose stream receives the command's first event.
    var targetSession: String {
        if case .declineDraft(let draft) = command { return draft.session }
        return session
    }
}
