/// Where a presentation is in its life.
public enum PresentationStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// On screen, in the session's stack.
    case open
    /// Popped by `save`.
    case saved
    /// Popped by `confirmDiscard`, after an explicit confirmation.
    case discarded
    /// Left the screen clean.
    case dismissed
    /// Left the screen dirty without save or discard (`forced`, or under a `never` guard): recoverable.
    case abandoned
    /// Its draft was restored into a new presentation.
    case restored
    /// The user declined to recover its draft.
    case declined
}
