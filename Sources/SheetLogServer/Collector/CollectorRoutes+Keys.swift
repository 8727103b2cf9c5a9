import Hummingbird
import SheetLogCore
import SheetLogPush
import SheetLogReports

extension CollectorRoutes {
    /// `GET /v1/collector-key`: the public key devices wrap for (any caller: it is public), `404`
    /// when the collector takes no keys. `POST /v1/devices/{device}/keys`: the device's token, its
    /// rate, the body bounded (``KeyShareBatch/maxBytes``) and decoded strictly, then stored; `200`
    /// `{"erased":[…],"stored":N}`. One `info` line says the device, the keys and the status; never a key.
    func registerKeySharing(on router: Router<Context>) {
        router.get("/v1/collector-key") { _, _ in
            guard let key = collector.collectorPublicKey else { return Self.takesNoKeys.response }
            return Responses.json(try JSONOutput.line(["publicKey": key.description]) + "\n")
        }
        router.post("/v1/devices/:device/keys") { request, context in
            let device = try? context.parameters.decoded("device")
            var count = 0
            let reply: Response
            do {
                reply = try await share(request, device: try context.parameters.decoded("device"), count: &count)
            } catch {
                let refusal = CollectorReply(error)
                if refusal.status == .internalServerError {
                    let detail = (error as? SheetLogError).map { "\($0.code): \($0.message)" } ?? "\(type(of: error))"
                    logger.error("key share failed", metadata: ["device": "\(device ?? "-")", "error": "\(detail)"])
                }
                reply = refusal.response
            }
            logger.info("share keys \(device ?? "-") \(count) keys \(reply.status.code)")
            return reply
        }
    }

    private func share(_ request: Request, device: String, count: inout Int) async throws -> Response {
        if let refusal = try await refusal(of: request, device: device) { return refusal.response }
        guard collector.collectorPublicKey != nil else { return Self.takesNoKeys.response }
        if let wait = rateLimiter.take(for: device) {
            let seconds = Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0)
            return CollectorReply(
                status: .tooManyRequests, code: "rateLimited", message: "this device sends requests too fast; wait and send the same keys again",
                retryAfterSeconds: max(1, seconds)).response
        }
        let body = try await request.bodyBounded(by: KeyShareBatch.maxBytes, operation: "share keys")
        let keys = try KeyShareBatch.decode(body.readableBytesView)
        count = keys.count
        let outcome = try await collector.storeSharedKeys(keys, device: device)
        return Responses.json(try JSONOutput.line(SharedKeysReply(erased: outcome.erased, stored: outcome.stored)) + "\n")
    }

    static var takesNoKeys: CollectorReply {
        CollectorReply(
            status: .notFound, code: "notFound",
            message: "this collector takes no shared keys: it was started without --collector-key, so keep pushing without --share-keys")
    }
}

/// The collector's `200` to shared keys.
struct SharedKeysReply: Encodable {
    var erased: [String]
    var stored: Int
}
