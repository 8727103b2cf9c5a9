import Hummingbird

/// Runs the routes of its group through one shared ``HeavyWorkGate``.
struct HeavyWorkMiddleware<Context: RequestContext>: RouterMiddleware {
    let gate: HeavyWorkGate

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        await gate.enter()
        do {
            let response = try await next(request, context)
            await gate.leave()
            return response
        } catch {
            await gate.leave()
            throw error
        }
    }
}
