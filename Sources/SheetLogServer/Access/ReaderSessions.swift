import SheetLogCore

/// Where the viewer's sign-in sessions are kept (the fleet store's `reader_sessions`, only SHA-256
/// hashes of their ids): the seam between `/login`, `/logout`, the cookie's check, and the store.
package protocol ReaderSessions: Sendable {
    /// Starts a session for the reader token `token`; returns its id, which the cookie then holds,
    /// or nil when `token` is not a live reader token.
    func startSession(token: String) async throws -> String?
    /// Who the session `id` lets in, noting its use; nil when it is unknown, ended, expired, or its
    /// token is revoked.
    func sessionCredential(id: String) async throws -> FleetCredential?
    /// Ends the session `id`; nothing for an unknown one.
    func endSession(id: String) async throws
}
