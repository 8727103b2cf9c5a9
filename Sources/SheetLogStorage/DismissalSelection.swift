/// Which dismissals an audit reads, on top of the filters of its ``AuditQuery``.
package enum DismissalSelection: Sendable, Hashable, CaseIterable {
    /// Every dismissal the query matches.
    case all
    /// Dirty drafts thrown away after the user confirmed Discard Changes: `dirty`, resolution `discarded`.
    case discardedUnsavedData
    /// Dirty drafts that left the screen without Save or a confirmed discard: `dirty`, and `forced`
    /// by code or `dismissed` under a `never` guard.
    case forcedOffScreen
}
