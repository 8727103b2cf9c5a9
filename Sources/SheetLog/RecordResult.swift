/// What recording one command did.
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

    public init(session: String, events: [RecordedEvent], alreadyStored: Bool, state: SessionState) {
        self.session = session
        self.events = events
        self.alreadyStored = alreadyStored
        self.state = state
    }
}
