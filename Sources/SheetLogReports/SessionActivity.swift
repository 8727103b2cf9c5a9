import SheetLog

/// One session as the viewer lists it: how long it is, when it ran, and what happened to its drafts.
///
/// Built from the facade's read models (``SheetLogDatabase/sessions()``, the audit trail, the
/// recoverable drafts) and the session's `present` events; see
/// ``SheetLogDatabase/sessionActivity()``.
package struct SessionActivity: Sendable, Hashable {
    package var session: String
    /// The number of events (the session's version).
    package var events: Int64
    /// The first and the last event's time on the app's clock, milliseconds since 1970.
    package var firstAt: Int64?
    package var lastAt: Int64?
    /// Sheets presented in the session (restored ones included).
    package var presentations: Int
    /// Dirty drafts still on screen when the log stops (recoverable as `open`).
    package var openDrafts: Int
    /// Dismissal attempts the guard refused.
    package var blocked: Int
    /// Dismissals that threw unsaved changes away after Discard Changes was confirmed.
    package var discarded: Int
    /// The route names the session presented, for filtering; not part of the JSON.
    package var routes: Set<String>

    package init(
        session: String, events: Int64, firstAt: Int64?, lastAt: Int64?, presentations: Int, openDrafts: Int,
        blocked: Int, discarded: Int, routes: Set<String>
    ) {
        self.session = session
        self.events = events
        self.firstAt = firstAt
        self.lastAt = lastAt
        self.presentations = presentations
        self.openDrafts = openDrafts
        self.blocked = blocked
        self.discarded = discarded
        self.routes = routes
    }
}
