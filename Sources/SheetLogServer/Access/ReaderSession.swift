import Foundation
import Hummingbird
import SheetLogCore

/// The cookie that carries a reader's sign-in session to the pages after `/login`: it holds the
/// session's random id (``ReaderSessions``), never the reader token, so a copied cookie is worth
/// what is left of one session, which the server ends (idle, too old, sign-out, revoked token).
/// HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Secure when the
/// proxy in front says the request came over HTTPS, and dropped by the browser after the session's
/// absolute limit.
enum ReaderSession {
    static let cookieName = "sheetlog_reader"
    /// The browser keeps the cookie no longer than the server keeps the session.
    static let maxAgeSeconds = Int(ReaderSessionLimits.absolute / 1_000)
    /// A token is 68 bytes; a form or header longer than this is refused before any lookup.
    static let maxTokenBytes = 256
    /// A session id is 68 bytes (`sls_` and 64 hex digits); a longer cookie is refused unread.
    static let maxSessionIDBytes = 68

    /// The cookie's session id; nil without the cookie, or with one too long to be an id (refused
    /// before any lookup).
    static func sessionID(in request: Request) -> String? {
        guard let value = request.cookies[cookieName]?.value, !value.isEmpty, value.utf8.count <= maxSessionIDBytes else { return nil }
        return value
    }

    /// Whether the request carries the cookie at all (a bad one is cleared).
    static func hasCookie(_ request: Request) -> Bool {
        request.cookies[cookieName] != nil
    }

    static func cookie(sessionID: String, for request: Request) -> Cookie {
        Cookie(name: cookieName, value: sessionID, maxAge: maxAgeSeconds, path: "/", secure: isHTTPS(request), httpOnly: true, sameSite: .strict)
    }

    /// Clears the cookie (a session that no longer lets in, or a sign-out).
    static func expired(for request: Request) -> Cookie {
        Cookie(name: cookieName, value: "", maxAge: 0, path: "/", secure: isHTTPS(request), httpOnly: true, sameSite: .strict)
    }

    /// The session's CSRF token, which its pages' forms carry as the `csrf` field: a SHA-256 keyed
    /// by the secret session id, so it needs no storage and no server secret, is different for every
    /// session, and cannot be computed by a page that cannot read the cookie (HttpOnly) or the
    /// viewer's pages (same-origin policy); the stored hash of the id does not give it either.
    static func csrfToken(sessionID: String) -> String {
        Checksum.sha256Hex("sheetlog-csrf:" + sessionID)
    }

    /// Whether the proxy in front says the request came over HTTPS.
    static func isHTTPS(_ request: Request) -> Bool {
        request.headers[HTTPFields.Element.Name("X-Forwarded-Proto")!]?.lowercased() == "https"
    }
}
