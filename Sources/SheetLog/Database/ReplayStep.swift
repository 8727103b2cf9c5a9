import Foundation

/// One step of a session replay: a stored event, what it means, and the session's state right after it.
///
/// ```swift
/// for step in try await database.replay("window-1") {
///     print(step.version, step.sheetEvent.type, step.occurredDate ?? .distantPast, step.state.stackIDs)
/// }
/// ```
public struct ReplayStep: Sendable, Hashable {
    /// The event as stored: position, version, ids, times and payload.
    public var event: RecordedEvent
    /// The event decoded as the sheet domain reads it.
    public var sheetEvent: SheetEvent
    /// The session's state right after this event: the stack and drafts the user saw.
    public var state: SessionState
    /// On the first step of a session a prune carried across its cut: the state the replay starts
    /// from, and which prune removed the versions before it. Nil on every other step.
    public var base: ReplayBase?

    /// A step of `event`, decoded as `sheetEvent`, leaving the session in `state`.
    public init(event: RecordedEvent, sheetEvent: SheetEvent, state: SessionState, base: ReplayBase? = nil) {
        self.event = event
        self.sheetEvent = sheetEvent
        self.state = state
        self.base = base
    }

    /// The session's version after this step.
    public var version: Int64 { event.version }

    /// When the event happened, on the app's clock.
    public var occurredDate: Date? { event.occurredDate }
}
