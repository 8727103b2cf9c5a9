import Hummingbird
import SheetLogCore
import SheetLogReports

/// What the collector answers a push: `200 {"storedThrough":N,"chain":"<hex>"}`, or
/// `{"error":{"code","message"}}` with the status that tells the device what to do, plus
/// `storedThrough` (and, for a fork, `position`) on a `409`, and `Retry-After` on `429` and `503`.
///
/// Messages name lines, keys, positions and limits, never a value: payloads are people's form values.
package struct CollectorReply: Sendable, Hashable {
    package var status: HTTPResponse.Status
    package var code: String
    package var message: String
    package var storedThrough: Int64?
    package var position: Int64?
    package var chain: [UInt8]?
    package var retryAfterSeconds: Int?

    /// How long a device waits when the fleet store cannot be reached.
    package static let unavailableRetryAfterSeconds = 5

    package init(
        status: HTTPResponse.Status, code: String, message: String, storedThrough: Int64? = nil, position: Int64? = nil,
        chain: [UInt8]? = nil, retryAfterSeconds: Int? = nil
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.storedThrough = storedThrough
        self.position = position
        self.chain = chain
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// The reply for what the store did with the batch.
    package init(_ outcome: PushStoreOutcome, device: String) {
        switch outcome {
        case let .stored(storedThrough, chain, _):
            self.init(status: .ok, code: "", message: "", storedThrough: storedThrough, chain: chain)
        case let .gap(storedThrough):
            self.init(
                status: .conflict, code: "gap",
                message: "the batch starts after position \(storedThrough + 1), the next the collector needs of this device; send from there",
                storedThrough: storedThrough)
        case let .fork(position, storedThrough):
            self.init(
                status: .conflict, code: "fork",
                message: "the event at position \(position) differs from the one the collector stores there: this device's history forked; nothing was stored",
                storedThrough: storedThrough, position: position)
        }
    }

    /// The reply for an error thrown while checking or storing a batch.
    package init(_ error: any Error) {
        switch error {
        case let error as SheetLogError:
            switch error.code {
            case .payloadTooLarge:
                self.init(status: .contentTooLarge, code: error.code.rawValue, message: error.message)
            case .invalidInput, .integrityViolation:
                self.init(status: .badRequest, code: error.code.rawValue, message: error.message)
            case .connectionFailed, .busy, .closed:
                self.init(
                    status: .serviceUnavailable, code: error.code.rawValue,
                    message: "the fleet store cannot be reached now; send the same batch again later",
                    retryAfterSeconds: Self.unavailableRetryAfterSeconds)
            default:
                self.init(status: .internalServerError, code: "internal", message: "the collector failed to store the batch; see its log")
            }
        default:
            self.init(status: .internalServerError, code: "internal", message: "the collector failed to store the batch; see its log")
        }
    }

    package static func unauthorized(_ message: String) -> CollectorReply {
        CollectorReply(status: .unauthorized, code: "unauthorized", message: message)
    }

    package static func forbidden(_ message: String) -> CollectorReply {
        CollectorReply(status: .forbidden, code: "forbidden", message: message)
    }

    /// The JSON body, on one line.
    package var json: String {
        struct Stored: Encodable {
            var storedThrough: Int64
            var chain: String
        }
        struct Body: Encodable {
            struct Detail: Encodable {
                var code: String
                var message: String
                var storedThrough: Int64?
                var position: Int64?
            }
            var error: Detail
        }
        let text: String?
        if status == .ok, let storedThrough {
            text = try? JSONOutput.line(Stored(storedThrough: storedThrough, chain: Checksum.hex(chain ?? [])))
        } else {
            text = try? JSONOutput.line(Body(error: .init(code: code, message: message, storedThrough: storedThrough, position: position)))
        }
        return (text ?? #"{"error":{"code":"internal","message":"the reply could not be written"}}"#) + "\n"
    }

    package var response: Response {
        var response = Responses.json(json, status: status)
        if let retryAfterSeconds { response.headers[.retryAfter] = String(retryAfterSeconds) }
        if status == .unauthorized { response.headers[.wwwAuthenticate] = #"Bearer realm="sheetlog""# }
        return response
    }
}
