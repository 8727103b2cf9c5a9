import SheetLogDomain

/// One decoded line of the `sheetlog ingest` format: a command for a session, with its optional
/// id, time and expected outcome.
///
/// ```swift
/// let line = try IngestDecoder().decode(Array(#"{"session":"s1","type":"endSession"}"#.utf8), line: 1)
/// line.command  // .endSession
/// ```
public struct IngestLine: Sendable, Hashable {
    /// The session (stream) the command is for.
    public var session: String
    public var command: SheetCommand
    /// The id of the command's first event; nil lets the recorder generate one.
    public var id: String?
    /// When the command happened, in milliseconds since 1970; nil means "now".
    public var occurredAt: Int64?
    /// The outcome an `attemptDismiss` line claims; the line is rejected when the state machine disagrees.
    public var expectedOutcome: DismissOutcome?
    /// The person whose data the session holds, in a sealed database (see `CommandEnvelope.subject`).
    public var subject: String?

    public init(
        session: String, command: SheetCommand, id: String? = nil, occurredAt: Int64? = nil,
        expectedOutcome: DismissOutcome? = nil, subject: String? = nil
    ) {
        self.session = session
        self.command = command
        self.id = id
        self.occurredAt = occurredAt
        self.expectedOutcome = expectedOutcome
        self.subject = subject
    }
}
