/// The state of one session (one stream): its stack of sheets and every presentation it has seen.
///
/// Built only by folding events with ``SheetDecider/evolve(_:_:)``; the decider reads it to
/// decide what a command appends.
///
/// ```swift
/// var state = SessionState(sessionID: "s1")
/// let events = try SheetDecider.decide(.present(presentation: "p1", route: Route(name: "newExpense")),
///                                      state: state, at: 1_000)
/// state = SessionState.fold(events, into: state)
/// state.top?.id  // "p1"
/// ```
public struct SessionState: Sendable, Hashable {
    public var sessionID: String
    /// The number of events folded.
    public var version: Int64
    /// Ids of the sheets on screen, bottom to top.
    public var stackIDs: [String]
    /// Every presentation the session has seen, by id, including closed ones.
    public var presentations: [String: Presentation]
    /// Whether `endSession` was recorded.
    public var ended: Bool
    public var endedAt: Int64?

    public init(sessionID: String) {
        self.sessionID = sessionID
        version = 0
        stackIDs = []
        presentations = [:]
        ended = false
        endedAt = nil
    }

    /// The sheets on screen, bottom to top.
    public var stack: [Presentation] { stackIDs.compactMap { presentations[$0] } }

    /// The interactive sheet: the top of the stack.
    public var top: Presentation? { stackIDs.last.flatMap { presentations[$0] } }

    /// The presentation with this id, on screen or not.
    public func presentation(_ id: String) -> Presentation? { presentations[id] }

    /// The session's recoverable drafts, oldest presentation first.
    public var recoverableDrafts: [RecoverableDraft] {
        presentations.values
            .sorted { ($0.openedAt, $0.id) < ($1.openedAt, $1.id) }
            .compactMap { RecoverableDraft(session: sessionID, presentation: $0) }
    }

    /// The recoverable draft of this presentation, or nil.
    public func recoverableDraft(_ presentation: String) -> RecoverableDraft? {
        presentations[presentation].flatMap { RecoverableDraft(session: sessionID, presentation: $0) }
    }
}
