import Hummingbird
import Logging
import SheetLogCore
import SheetLogPush

/// The collector: `POST /v1/devices/{device}/events` stores a batch a device pushes (JSON Lines,
/// ``PushBatch``) in the fleet store, `GET /v1/collector-key` and `POST /v1/devices/{device}/keys`
/// take the subjects' keys a device shares (``KeyShareBatch``), `POST /v1/enrol` gives a new device
/// id its push token for an enrolment token, and `GET /health` answers the proxy in front.
///
/// Each push is checked in the order that costs the collector least: the token (401, 403), the
/// device's rate (429), the declared length (413, before a byte of the body is read), then the body
/// as it arrives, bounded by the batch limits (413), decoded strictly (400), and stored in one
/// transaction (200, 409, 503). One `info` line a push says the device, the batch's events and
/// bytes, the status and the duration; never the token or a value.
struct CollectorRoutes<Context: RequestContext>: Sendable {
    let collector: any PushCollector
    let options: CollectorOptions
    let rateLimiter: DeviceRateLimiter
    let logger: Logger

    init(collector: any PushCollector, options: CollectorOptions, logger: Logger) {
        self.collector = collector
        self.options = options
        rateLimiter = DeviceRateLimiter(perSecond: options.perSecond, burst: options.burst)
        self.logger = logger
    }

    func register(on router: Router<Context>) {
        router.post("/v1/devices/:device/events") { request, context in
            await push(request, context: context)
        }
        registerKeySharing(on: router)
        registerEnrolment(on: router)
        router.get("/health") { _, _ in
            Responses.json(#"{"status":"ok"}"# + "\n")
        }
    }

    private func push(_ request: Request, context: Context) async -> Response {
        let start = ContinuousClock.now
        var batch: (events: Int, bytes: Int) = (0, 0)
        let device = try? context.parameters.decoded("device")
        let reply: CollectorReply
        do {
            reply = try await store(request, device: device, context: context, batch: &batch)
        } catch {
            reply = CollectorReply(error)
            if reply.status.kind == .serverError, reply.status != .serviceUnavailable {
                // A SheetLogError's message names rules and places, never values; any other error only by type.
                let detail = (error as? SheetLogError).map { "\($0.code): \($0.message)" } ?? "\(type(of: error))"
                logger.error("push failed", metadata: ["device": "\(device ?? "-")", "error": "\(detail)"])
            }
        }
        let elapsed = ContinuousClock.now - start
        let milliseconds = elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        logger.info(
            "push \(device ?? "-") \(batch.events) events \(batch.bytes) bytes \(reply.status.code) \(milliseconds) ms")
        return reply.response
    }

    private func store(_ request: Request, device: String?, context: Context, batch: inout (events: Int, bytes: Int)) async throws -> CollectorReply {
        let device = try device ?? context.parameters.decoded("device")
        if let refusal = try await refusal(of: request, device: device) { return refusal }
        if let wait = rateLimiter.take(for: device) {
            let seconds = Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0)
            return CollectorReply(
                status: .tooManyRequests, code: "rateLimited",
                message: "this device sends more than \(options.perSecond) batches a second; wait and send the same batch again",
                retryAfterSeconds: max(1, seconds))
        }
        let body = try await request.bodyBounded(by: options.limits.maxBytes, operation: "push")
        batch.bytes = body.readableBytes
        let events = try PushBatch.decode(body.readableBytesView, limits: options.limits)
        batch.events = events.count
        return CollectorReply(try await collector.storePushed(events, device: device), device: device)
    }

    /// Why `request` may not push for `device` (401, 403); nil when its token is that device's.
    func refusal(of request: Request, device: String) async throws -> CollectorReply? {
        guard let token = request.bearerToken else {
            return .unauthorized("a push needs the device's token as Authorization: Bearer")
        }
        guard let credential = try await collector.credential(of: token) else {
            return .unauthorized("the token is unknown or revoked")
        }
        switch credential {
        case .reader, .revealer:
            return .forbidden("a reader token cannot push; a device pushes with its own device token")
        case let .device(owner) where owner != device:
            return .forbidden("this token pushes another device's log, not this one's")
        case .device:
            return nil
        }
    }
}
