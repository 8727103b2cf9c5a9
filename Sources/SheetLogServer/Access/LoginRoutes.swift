import Hummingbird

/// `GET /login` shows the form; `POST /login` checks the reader token and sets the session cookie
/// (``ReaderSession``), then sends the browser to the fleet's home page.
struct LoginRoutes<Context: RequestContext>: Sendable {
    let tokens: any FleetTokens

    func register(on router: Router<Context>) {
        router.get("/login") { _, _ in Responses.html(LoginPage.render()) }
        router.post("/login") { request, _ in
            let body: ByteBuffer
            do {
                body = try await request.bodyBounded(by: 1_024, operation: "login")
            } catch {
                return Responses.html(LoginPage.render(problem: "That is not a reader token: a form holds 1 KiB at most."), status: .contentTooLarge)
            }
            guard let token = Self.formToken(String(buffer: body)) else {
                return Responses.html(LoginPage.render(problem: "Give the reader token."), status: .badRequest)
            }
            switch try await tokens.credential(of: token) {
            case .reader, .revealer:
                var response = Response(status: .seeOther, headers: [.location: "/"])
                response.setCookie(ReaderSession.cookie(token, for: request))
                return response
            case .device:
                return Responses.html(LoginPage.render(problem: "That is a device token: it pushes a log, it does not read the fleet."), status: .forbidden)
            case nil:
                return Responses.html(LoginPage.render(problem: "That token is unknown or revoked."), status: .unauthorized)
            }
        }
    }

    /// The `token` field of an `application/x-www-form-urlencoded` body.
    static func formToken(_ body: String) -> String? {
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == "token" else { continue }
            let value = String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncodingStrictly()?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard let value, !value.isEmpty, value.utf8.count <= ReaderSession.maxTokenBytes else { return nil }
            return value
        }
        return nil
    }
}
