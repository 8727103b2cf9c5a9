import Hummingbird

/// Lets only the fleet's readers in: a reader token as `Authorization: Bearer` (the API) or in the
/// `/login` cookie (the pages). Without one, the API answers `401` and a page sends the browser to
/// `/login`; a device token answers `403`.
///
/// Left open: `/login`, the two assets, `/health`, and the collector's `/v1/` (which checks device
/// tokens itself). The token is never logged.
struct ReaderAccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let tokens: any FleetTokens

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if path == "/login" || path == "/health" || path.hasPrefix("/v1/") || path.hasPrefix("/assets/") {
            return try await next(request, context)
        }
        let cookie = ReaderSession.token(in: request)
        guard let token = request.bearerToken ?? cookie, token.utf8.count <= ReaderSession.maxTokenBytes else {
            return refuse(request, .unauthorized, "reading the fleet needs a reader token (Authorization: Bearer, or sign in at /login)")
        }
        switch try await tokens.credential(of: token) {
        case .reader, .revealer:
            return try await next(request, context)
        case .device:
            return refuse(request, .forbidden, "a device token pushes its log; reading the fleet needs a reader token")
        case nil:
            var response = refuse(request, .unauthorized, "the token is unknown or revoked")
            if cookie != nil { response.setCookie(ReaderSession.expired(for: request)) }
            return response
        }
    }

    private func refuse(_ request: Request, _ status: HTTPResponse.Status, _ message: String) -> Response {
        let code = status == .forbidden ? "forbidden" : "unauthorized"
        if request.uri.path.hasPrefix("/api/") {
            var response = Responses.json(ErrorReply(status: status, code: code, message: message).json, status: status)
            if status == .unauthorized { response.headers[.wwwAuthenticate] = #"Bearer realm="sheetlog""# }
            return response
        }
        if status == .unauthorized, request.method == .get || request.method == .head {
            return Response(status: .seeOther, headers: [.location: "/login"])
        }
        return Responses.html(ErrorPage.render(ErrorReply(status: status, code: code, message: message)), status: status)
    }
}
