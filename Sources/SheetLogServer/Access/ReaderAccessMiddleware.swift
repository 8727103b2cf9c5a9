import Hummingbird

/// Lets only the fleet's readers in: a reader token as `Authorization: Bearer` (the API), or the
/// session cookie `/login` sets (the pages; ``ReaderSession``). Without either, the API answers
/// `401` and a page sends the browser to `/login`; a device token answers `403`. A cookie that holds
/// anything but a live session's id (a reader token written by hand, an ended session) lets nothing
/// in, and is cleared.
///
/// A request that changes something (POST…) on the strength of the cookie must also carry the
/// session's CSRF token (``ReaderSession/csrfToken(sessionID:)``) as the form field `csrf` or the
/// `X-CSRF-Token` header, else `403`. Those with `Authorization: Bearer` need none: no page of
/// another origin can send that header.
///
/// Left open: `/login`, the two assets, `/health`, and the collector's `/v1/` (which checks device
/// tokens itself). Neither tokens nor session ids are ever logged.
struct ReaderAccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let tokens: any FleetTokens
    let sessions: any ReaderSessions

    /// A form that carries only the CSRF field is far smaller; more is refused unread.
    static var maxFormBytes: Int { 1_024 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if path == "/login" || path == "/health" || path.hasPrefix("/v1/") || path.hasPrefix("/assets/") {
            return try await next(request, context)
        }
        if let token = request.bearerToken {
            guard token.utf8.count <= ReaderSession.maxTokenBytes else { return refuse(request, .unauthorized, "the token is unknown or revoked") }
            guard let credential = try await tokens.credential(of: token) else { return refuse(request, .unauthorized, "the token is unknown or revoked") }
            switch credential {
            case .reader, .revealer:
                return try await SignedInReader.$current.withValue(SignedInReader(credential: credential, csrf: nil)) {
                    try await next(request, context)
                }
            case .device:
                return refuse(request, .forbidden, "a device token pushes its log; reading the fleet needs a reader token")
            }
        }
        guard let id = ReaderSession.sessionID(in: request), let credential = try await sessions.sessionCredential(id: id) else {
            let signedOut = ReaderSession.hasCookie(request)
            var response = refuse(
                request, .unauthorized,
                signedOut ? "the sign-in has ended (signed out, idle or too old, or its token revoked): sign in again at /login"
                    : "reading the fleet needs a reader token (Authorization: Bearer, or sign in at /login)")
            if signedOut { response.setCookie(ReaderSession.expired(for: request)) }
            return response
        }
        let csrf = ReaderSession.csrfToken(sessionID: id)
        var request = request
        if SameOriginMiddleware<Context>.changesState(request.method), try await !Self.carries(csrf, &request) {
            return refuse(request, .forbidden, "this form does not carry the sign-in's CSRF token: send it again from the viewer's page; nothing was changed")
        }
        return try await SignedInReader.$current.withValue(SignedInReader(credential: credential, csrf: csrf)) {
            try await next(request, context)
        }
    }

    /// Whether the request carries `csrf` in its `X-CSRF-Token` header or its form's `csrf` field.
    /// The body is read (bounded) and kept for the route.
    private static func carries(_ csrf: String, _ request: inout Request) async throws -> Bool {
        if let header = request.headers[HTTPFields.Element.Name("X-CSRF-Token")!] { return ConstantTime.equal(header, csrf) }
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: maxFormBytes)
        } catch {
            return false
        }
        guard let field = FormField.value("csrf", in: String(buffer: body), maxBytes: 64) else { return false }
        return ConstantTime.equal(field, csrf)
    }

    private func refuse(_ request: Request, _ status: HTTPResponse.Status, _ message: String) -> Response {
        let code = status == .forbidden ? "forbidden" : "unauthorized"
        if request.uri.path.hasPrefix("/api/") {
            var response = Responses.json(ErrorReply(status: status, code: code, message: message).json, status: status)
            if status == .unauthorized { response.headers[.wwwAuthenticate] = #"Bearer realm="sheetlog""# }
            return response
        }
        // A page, or the sign-out of a sign-in that has ended already: on to the form.
        if status == .unauthorized, request.method == .get || request.method == .head || request.uri.path == "/logout" {
            return Response(status: .seeOther, headers: [.location: "/login"])
        }
        return Responses.html(ErrorPage.render(ErrorReply(status: status, code: code, message: message)), status: status)
    }
}
