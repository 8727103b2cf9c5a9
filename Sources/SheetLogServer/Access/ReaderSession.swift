import Foundation
import Hummingbird

/// The cookie that carries a reader's token to the pages after `/login`: HttpOnly (no script reads
/// it), SameSite=Strict (no other site's page sends it), Secure when the proxy in front says the
/// request came over HTTPS, and gone after ``maxAgeSeconds``.
enum ReaderSession {
    static let cookieName = "sheetlog_reader"
    static let maxAgeSeconds = 8 * 3_600
    /// A token is 68 bytes; a form or header longer than this is refused before any lookup.
    static let maxTokenBytes = 256

    static func token(in request: Request) -> String? {
        guard let value = request.cookies[cookieName]?.value, !value.isEmpty else { return nil }
        return value
    }

    static func cookie(_ token: String, for request: Request) -> Cookie {
        Cookie(name: cookieName, value: token, maxAge: maxAgeSeconds, path: "/", secure: isHTTPS(request), httpOnly: true, sameSite: .strict)
    }

    /// Clears the cookie (a token that no longer lets in).
    static func expired(for request: Request) -> Cookie {
        Cookie(name: cookieName, value: "", maxAge: 0, path: "/", secure: isHTTPS(request), httpOnly: true, sameSite: .strict)
    }

    private static func isHTTPS(_ request: Request) -> Bool {
        request.headers[HTTPFields.Element.Name("X-Forwarded-Proto")!]?.lowercased() == "https"
    }
}
