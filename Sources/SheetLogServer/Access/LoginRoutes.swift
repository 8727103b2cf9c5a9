import Hummingbird

/// `GET /login` shows the form; `POST /login` checks the reader token, starts a sign-in session
/// (``ReaderSessions``) and sets the cookie to its id (``ReaderSession``; the token never leaves in
/// a cookie), then sends the browser to the fleet's home page. `POST /logout` ends the session and
/// clears the cookie.
///
/// Both POSTs pass ``SameOriginMiddleware`` first: the sign-in form, posted before there is a
/// session, is protected by that Origin check alone; the sign-out form (behind
/// ``ReaderAccessMiddleware``) carries the session's CSRF token too.
struct LoginRoutes<Context: RequestContext>: Sendable {
    let tokens: any FleetTokens
    let sessions: any ReaderSessions

    func register(on router: Router<Context>) {
        router.get("/login") { _, _ in Responses.html(LoginPage.render()) }
        router.post("/login") { request, _ in
            let body: ByteBuffer
            do {
                body = try await request.bodyBounded(by: 1_024, operation: "login")
            } catch {
                return Responses.html(LoginPage.render(problem: "That is not a reader token: a form holds 1 KiB at most."), status: .contentTooLarge)
            }
            guard let token = FormField.value("token", in: String(buffer: body), maxBytes: ReaderSession.maxTokenBytes) else {
                return Responses.html(LoginPage.render(problem: "Give the reader token."), status: .badRequest)
            }
            switch try await tokens.credential(of: token) {
            case .reader, .revealer:
                // Revoked between the two lookups: as unknown.
                guard let id = try await sessions.startSession(token: token) else { return Self.unknown() }
                var response = Response(status: .seeOther, headers: [.location: "/"])
                response.setCookie(ReaderSession.cookie(sessionID: id, for: request))
                return response
            case .device:
                return Responses.html(LoginPage.render(problem: "That is a device token: it pushes a log, it does not read the fleet."), status: .forbidden)
            case nil:
                return Self.unknown()
            }
        }
        router.post("/logout") { request, _ in
            if let id = ReaderSession.sessionID(in: request) { try await sessions.endSession(id: id) }
            var response = Response(status: .seeOther, headers: [.location: "/login"])
            response.setCookie(ReaderSession.expired(for: request))
            return response
        }
    }

    private static func unknown() -> Response {
        Responses.html(LoginPage.render(problem: "That token is unknown or revoked."), status: .unauthorized)
    }
}
