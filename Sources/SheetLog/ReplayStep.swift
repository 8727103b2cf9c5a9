/// One step of a session replay: a stored event, what it means, and the session's state right after it.
public struct ReplayStep: Sendable, Hashable {
    public var event: RecordedEvent
    public var sheetEvent: SheetEvent
    public var state: SessionState

    public init(event: RecordedEvent, sheetEvent: SheetEvent, state: SessionState) {
        self.event = event
        self.sheetEvent = sheetEvent
        self.state = state
    }

    /// The session's version after this step.
    public var version: Int64 { event.version }
}
