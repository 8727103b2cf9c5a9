import SheetLogCore

/// Who the request being served was let in as, set by ``ReaderAccessMiddleware`` for the routes
/// and pages beneath it: the reveal's permission check, and the page frame's sign-out form and the
/// forms' CSRF field.
///
/// A task-local, because the pages are rendered by static functions many calls below the routes,
/// and the router's context type (shared by every route) carries no reader: passing it down would
/// touch every page for the two that need it.
struct SignedInReader: Sendable {
    /// What the token behind the request may do (a reader or a revealer).
    var credential: FleetCredential
    /// The CSRF token of the request's sign-in session (``ReaderSession/csrfToken(sessionID:)``);
    /// nil for a request with `Authorization: Bearer`, which has no session and needs none.
    var csrf: String?

    @TaskLocal static var current: SignedInReader?
}
