/// When a sheet's interactive dismissal (the swipe) is locked.
public enum DismissGuard: String, Sendable, Hashable, Codable, CaseIterable {
    /// Locked only while the form has unsaved changes (`.interactiveDismissDisabled(isDirty)`).
    case whenDirty
    /// Always locked: creation sheets that must be left by a button.
    case always
    /// Never locked: a dirty sheet dismissed this way keeps its draft as abandoned.
    case never
}
