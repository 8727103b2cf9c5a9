import Hummingbird
import Logging

/// One `info` line per request: method, path, status and duration (`GET /api/devices/local/sessions
/// 200 3 ms`), shown with `serve --verbose`.
///
/// The path as sent (percent-encoded, so an id's control characters cannot reach the terminal) and
/// never the query: query values are search text and filters the log has no need to keep.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        // A push is logged by the collector with its device and batch size (CollectorRoutes).
        if request.method == .post, request.uri.path.hasPrefix("/v1/devices/") { return response }
        let elapsed = ContinuousClock.now - start
        let milliseconds = elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        logger.info("\(request.method) \(request.uri.path) \(response.status.code) \(milliseconds) ms")
        return response
    }
}
