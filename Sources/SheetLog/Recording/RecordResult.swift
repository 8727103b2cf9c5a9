/// What recording one command did.
///
/// ```swift
/// let result = try await database.record(.edit(field: "amount", value: "47.50"), in: "window-1")
/// print(result.events.map(\.position), result.state.top?.isDirty ?? false)
/// ```
public struct RecordResult: Sendable, Hashable {
    /// The session the command was recorded in (for `declineDraft`, the draft's session).
    public var session: String
    /// The command's events as stored, first event first; empty for an edit that changed nothing.
    /// A cross-session `restoreDraft` lists its event in the old session, then the `present` in this one.
    public var events: [RecordedEvent]
    /// True when the command's id was already stored with the same content: nothing was appended
    /// and `events` are the originals.
    public var alreadyStored: Bool
    /// The session's state right after the command; after the whole batch when the batch was
    /// recorded with ``ResultStates/afterBatch``.
    public var state: SessionState

    /// A result of these events, leaving the session in `state`.
    public init(session: String, events: [RecordedEvent], alreadyStored: Bool, state: SessionState) {
        self.session = session
        self.events = events
        self.alreadyStored = alreadyStored
        self.state = state
    }
}
