/// What an attempt to dismiss a sheet did.
public enum DismissOutcome: String, Sendable, Hashable, Codable, CaseIterable {
    /// The sheet left the screen through an unlocked path.
    case dismissed
    /// The sheet stayed; a confirmation may have been raised.
    case blocked
    /// Code popped a locked, dirty sheet: its draft stays recoverable as abandoned.
    case forced
}
