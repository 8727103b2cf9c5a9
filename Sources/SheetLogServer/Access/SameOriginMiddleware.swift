import Foundation
import Hummingbird

/// Refuses (`403`, before any route runs, so nothing changes) a request that changes something —
/// any method but GET, HEAD and OPTIONS — unless it comes from the viewer's own pages: its `Origin`
/// header (or, without one, its `Referer`'s origin) must be the viewer's origin, the scheme
/// (`https` when the proxy sends `X-Forwarded-Proto: https`), host and port of the request's `Host`.
/// Without either header it is refused too.
///
/// SameSite=Strict keeps the sign-in cookie from other sites, but a page on another port of the same
/// host is the same site: without this check it could sign a browser in as another reader, or make a
/// reveal-capable reader record reveals. Left out: the collector's `/v1/` (device tokens) and requests
/// with `Authorization: Bearer`, which no page of another origin can send (the viewer answers no CORS).
struct SameOriginMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard Self.changesState(request.method), !request.uri.path.hasPrefix("/v1/"), request.bearerToken == nil else {
            return try await next(request, context)
        }
        guard let own = Self.viewerOrigin(of: request), let sender = Self.sender(of: request), sender == own else {
            // Thrown: the viewer's error middleware answers it, as JSON under /api/ and as a page elsewhere.
            throw AccessRefusal.forbidden(
                "this request was not sent from the viewer's own pages (its Origin or Referer is another origin, or it has neither): nothing was changed")
        }
        return try await next(request, context)
    }

    /// Every method but the safe ones may change something.
    static func changesState(_ method: HTTPRequest.Method) -> Bool {
        !(method == .get || method == .head || method == .options)
    }

    /// The origin the request says it was sent from: its `Origin`, else its `Referer`'s origin; nil
    /// without either, and for `Origin: null` (a sandboxed or privacy-stripped sender).
    static func sender(of request: Request) -> String? {
        if let origin = request.headers[.origin] { return normalized(origin) }
        if let referer = request.headers[.referer] { return normalized(referer) }
        return nil
    }

    /// The viewer's own origin, as the request reached it.
    static func viewerOrigin(of request: Request) -> String? {
        guard let authority = request.head.authority, !authority.isEmpty else { return nil }
        return normalized((ReaderSession.isHTTPS(request) ? "https://" : "http://") + authority)
    }

    /// `scheme://host[:port]`, lowercased, without the scheme's default port, so that `Host: h:80`
    /// and `Origin: http://h` agree; nil for anything that is not an http(s) URL.
    static func normalized(_ text: String) -> String? {
        guard text.utf8.count <= 2_048, let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        let isDefaultPort = (scheme == "http" && url.port == 80) || (scheme == "https" && url.port == 443)
        let port = url.port.flatMap { isDefaultPort ? nil : ":\($0)" } ?? ""
        return "\(scheme)://\(host)\(port)"
    }
}
