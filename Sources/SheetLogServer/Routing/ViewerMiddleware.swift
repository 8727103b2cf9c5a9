import Hummingbird
import Logging

/// Wraps every route (and the router's "not found"): turns a thrown error into the viewer's error
/// reply (JSON under `/api/`, a page elsewhere) and sets the security headers on every response.
package struct ViewerMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Scripts, styles, images and fetches from this origin only: no inline script, no inline style
    /// or event-handler attribute, no framing, forms posting only here.
    package static var contentSecurityPolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    /// Not among HTTPTypes' named fields.
    static var referrerPolicy: HTTPFields.Element.Name { HTTPFields.Element.Name("Referrer-Policy")! }

    let logger: Logger

    package init(logger: Logger) {
        self.logger = logger
    }

    /// The API, the collector and the health check answer errors as JSON; pages as a page.
    static func answersJSON(_ path: String) -> Bool {
        path.hasPrefix("/api/") || path.hasPrefix("/v1/") || path == "/health"
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            let reply = ErrorReply(error)
            if reply.status.kind == .serverError {
                logger.error("request failed", metadata: ["status": "\(reply.status.code)", "code": "\(reply.code)", "error": "\(type(of: error))"])
            }
            if Self.answersJSON(request.uri.path) {
                response = Responses.json(reply.json, status: reply.status)
            } else {
                response = Responses.html(ErrorPage.render(reply), status: reply.status)
            }
        }
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        // Not no-referrer: under it a browser sends `Origin: null` with the viewer's own forms, and
        // the same-origin check of the fleet's POSTs (SameOriginMiddleware) could not tell them from
        // another site's. same-origin still sends no address of the viewer to any other site.
        response.headers[Self.referrerPolicy] = "same-origin"
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
