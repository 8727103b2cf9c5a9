import Foundation
import Hummingbird
import SheetLogCore
import SheetLogPush

extension CollectorRoutes {
    /// `POST /v1/enrol`: an enrolment token as Bearer and `{"device":"ID"}` (at most
    /// ``EnrolmentRequest/maxBytes``, decoded strictly, a valid device id the fleet has never seen)
    /// answer `201 {"device":"ID","token":"sld_…"}`, the device's push token shown this once
    /// (`Cache-Control: no-store`). `401` for no, an unknown, a revoked or an expired enrolment
    /// token; `403` for a device's or a reader's token, or an enrolment token that has enrolled its
    /// devices; `409 deviceIDTaken` for a known id; `400`, `413`, `503` as for a push. A refused
    /// enrolment makes nothing. One `info` line says the device, the enrolment token's name and the
    /// status; never a token.
    func registerEnrolment(on router: Router<Context>) {
        router.post("/v1/enrol") { request, _ in
            let start = ContinuousClock.now
            var line: (device: String, enrolment: String) = ("-", "-")
            let reply: Response
            do {
                reply = try await enrol(request, line: &line)
            } catch {
                let refusal = CollectorReply(error)
                if refusal.status == .internalServerError {
                    let detail = (error as? SheetLogError).map { "\($0.code): \($0.message)" } ?? "\(type(of: error))"
                    logger.error("enrolment failed", metadata: ["device": "\(line.device)", "error": "\(detail)"])
                }
                reply = refusal.response
            }
            let elapsed = ContinuousClock.now - start
            let milliseconds = elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000
            logger.info("enrol \(line.device) by \(line.enrolment) \(reply.status.code) \(milliseconds) ms")
            return reply
        }
    }

    private func enrol(_ request: Request, line: inout (device: String, enrolment: String)) async throws -> Response {
        guard let token = request.bearerToken else {
            return CollectorReply.unauthorized("an enrolment needs an enrolment token as Authorization: Bearer").response
        }
        if token.hasPrefix("sld_") || token.hasPrefix("slr_") {
            return CollectorReply.forbidden("a device's or a reader's token cannot enrol a device; enrolment takes an enrolment token (sle_…)").response
        }
        let body = try await request.bodyBounded(by: EnrolmentRequest.maxBytes, operation: "enrol")
        let device = try EnrolmentRequest.decode(body.readableBytesView)
        line.device = device
        switch try await collector.enrol(enrolmentToken: token, device: device) {
        case let .enrolled(deviceToken, enrolment):
            line.enrolment = enrolment
            var response = Responses.json(EnrolmentRequest.reply(DeviceEnrolment(device: device, token: deviceToken)), status: .created)
            // The body is a credential: no cache on the way may keep it.
            response.headers[.cacheControl] = "no-store"
            return response
        case .unknownToken:
            return CollectorReply.unauthorized("the enrolment token is unknown or revoked").response
        case let .expired(enrolment, at):
            line.enrolment = enrolment
            return CollectorReply.unauthorized("the enrolment token expired at \(Self.isoDate(at)); ask the operator for a new one").response
        case let .exhausted(enrolment, maxDevices):
            line.enrolment = enrolment
            return CollectorReply.forbidden(
                "the enrolment token has enrolled the \(maxDevices) \(maxDevices == 1 ? "device" : "devices") it may; ask the operator for a new one").response
        case let .deviceKnown(enrolment):
            line.enrolment = enrolment
            return CollectorReply(
                status: .conflict, code: SheetLogError.Code.deviceIDTaken.rawValue,
                message: "the collector already knows device \(device): an id is enrolled once; enrol again under another new id").response
        }
    }

    /// An instant for a message: ISO 8601 in UTC, to the second.
    static func isoDate(_ milliseconds: Int64) -> String {
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
        return date.formatted(.iso8601)
    }
}
