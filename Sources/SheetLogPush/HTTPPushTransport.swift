import Foundation
import SheetLogCore
import SheetLogJSON
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The push protocol over HTTP(S) with URLSession: `POST {collector}/v1/devices/{device}/events`
/// (and, sharing keys, `GET /v1/collector-key`, `POST /v1/devices/{device}/keys`), `Authorization:
/// Bearer`, the reply read into a ``PushReply`` (``KeyShareReply``).
///
/// ```swift
/// let transport = try HTTPPushTransport(collector: "https://collector.example.com")
/// let reply = await transport.send(PushBatch.encode(events), device: "ipad-7", token: token)
/// ```
public struct HTTPPushTransport: PushTransport {
    /// How long a request may take before it counts as unreachable (and is retried).
    public static let requestTimeout: TimeInterval = 60
    /// The largest reply read: a collector's reply is a line; anything longer is not one.
    static let maxReplyBytes = 64 << 10

    public let collector: String
    private let base: URL
    private let session: URLSession

    /// Throws ``SheetLogError/Code/invalidInput`` for an address that is not `http(s)://host[:port][/path]`
    /// or carries a user, password, query or fragment (a token goes in a header, never in the URL).
    public init(collector address: String, timeout: TimeInterval = HTTPPushTransport.requestTimeout) throws {
        guard var components = URLComponents(string: address), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            throw SheetLogError(.invalidInput, "the collector's address must be http(s)://host[:port][/path]", context: .init(operation: "push"))
        }
        guard components.user == nil, components.password == nil, components.query == nil, components.fragment == nil else {
            throw SheetLogError(
                .invalidInput, "the collector's address must not hold a user, password, query or fragment; the token goes in --token-file",
                context: .init(operation: "push"))
        }
        components.scheme = scheme
        components.host = host.lowercased()
        while components.path.hasSuffix("/") { components.path.removeLast() }
        guard let url = components.url else {
            throw SheetLogError(.invalidInput, "the collector's address must be http(s)://host[:port][/path]", context: .init(operation: "push"))
        }
        base = url
        collector = url.absoluteString
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    public func send(_ body: [UInt8], device: String, token: String) async -> PushReply {
        switch await exchange("POST", "/v1/devices/\(Self.segment(device))/events", body: body, contentType: "application/x-ndjson", token: token) {
        case let .answered(status, data, retryAfter):
            return Self.reply(status: status, body: data, retryAfter: retryAfter)
        case let .unreachable(reason):
            return .unreachable(reason: reason)
        }
    }

    public func collectorKey(token: String) async -> KeyShareReply {
        switch await exchange("GET", "/v1/collector-key", body: nil, contentType: nil, token: token) {
        case let .answered(200, data, _):
            let object = try? JSONValue.parse(String(decoding: data, as: UTF8.self), options: .stored)
            guard let hex = object?["publicKey"]?.string, let key = CollectorPublicKey(hex: hex) else {
                return .refused(status: 200, code: "badReply", message: "the collector's 200 held no public key of 64 hex digits")
            }
            return .collectorKey(key)
        case let .answered(status, data, retryAfter):
            return Self.refusal(status: status, body: data, retryAfter: retryAfter)
        case let .unreachable(reason):
            return .unreachable(reason: reason)
        }
    }

    public func shareKeys(_ body: [UInt8], device: String, token: String) async -> KeyShareReply {
        switch await exchange("POST", "/v1/devices/\(Self.segment(device))/keys", body: body, contentType: "application/json", token: token) {
        case let .answered(200, data, _):
            let object = try? JSONValue.parse(String(decoding: data, as: UTF8.self), options: .stored)
            guard let stored = object?["stored"]?.wholeNumber, case let .array(erased)? = object?["erased"] else {
                return .refused(status: 200, code: "badReply", message: "the collector's 200 did not say which keys it stored")
            }
            return .shared(stored: Int(stored), erased: erased.compactMap(\.string))
        case let .answered(status, data, retryAfter):
            return Self.refusal(status: status, body: data, retryAfter: retryAfter)
        case let .unreachable(reason):
            return .unreachable(reason: reason)
        }
    }

    enum Exchange {
        case answered(status: Int, body: Data, retryAfter: String?)
        case unreachable(String)
    }

    /// One request to the collector with the token as Bearer; its status, body (bounded) and `Retry-After`.
    func exchange(_ method: String, _ path: String, body: [UInt8]?, contentType: String?, token: String) async -> Exchange {
        guard let url = URL(string: base.absoluteString + path) else {
            return .unreachable("the collector's address and the device id make no URL")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        request.httpBody = body.map { Data($0) }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await Self.send(request, on: session)
        } catch {
            // URLError's description names the host and the failure, never the token (a header).
            return .unreachable((error as? URLError).map { "\($0.code.rawValue) \($0.localizedDescription)" } ?? "\(type(of: error))")
        }
        guard let http = response as? HTTPURLResponse else { return .unreachable("the reply was not HTTP") }
        return .answered(status: http.statusCode, body: data.prefix(Self.maxReplyBytes), retryAfter: http.value(forHTTPHeaderField: "Retry-After"))
    }

    /// `session.data(for:)`, cancellable without deadlocking: on Linux that call's cancellation
    /// cancelled the URLSession task synchronously, under the Swift task's status lock, while
    /// URLSession's queue, failing the same request, waited on that lock to resume the task (seen
    /// as a hung `PushTask.cancel()` in a test run: one thread in `URLSessionTask.cancel` under
    /// `swift_task_cancel`, the other in `flagAsAndEnqueueOnExecutor` on URLSession's queue).
    /// Here the cancellation only schedules `cancel()` on another queue and returns at once.
    private static func send(_ request: URLRequest, on session: URLSession) async throws -> (Data, URLResponse) {
        let inFlight = LockedBox<InFlight>(InFlight())
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let data, let response {
                        continuation.resume(returning: (data, response))
                    } else {
                        continuation.resume(throwing: error ?? URLError(.badServerResponse))
                    }
                }
                let cancelled = inFlight.withLock { state in
                    state.task = task
                    return state.cancelled
                }
                task.resume()
                if cancelled { DispatchQueue.global().async { task.cancel() } }
            }
        } onCancel: {
            let task = inFlight.withLock { state in
                state.cancelled = true
                return state.task
            }
            if let task { DispatchQueue.global().async { task.cancel() } }
        }
    }

    /// The request's URLSession task once it exists, and whether the caller's task was cancelled
    /// before it did.
    private struct InFlight: @unchecked Sendable {
        var task: URLSessionDataTask?
        var cancelled = false
    }

    private static func segment(_ device: String) -> String {
        device.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? device
    }

    private static func refusal(status: Int, body: Data, retryAfter: String?) -> KeyShareReply {
        let object = try? JSONValue.parse(String(decoding: body, as: UTF8.self), options: .stored)
        let message = object?["error"]?["message"]?.string ?? "HTTP \(status) without the collector's error body"
        let seconds = retryAfter.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return .refused(status: status, code: object?["error"]?["code"]?.string ?? "", message: message, retryAfterSeconds: seconds)
    }

    /// The ``PushReply`` of a status, a body and a `Retry-After` header (seconds; an HTTP date is
    /// taken as no header: the backoff still applies).
    static func reply(status: Int, body: Data, retryAfter: String?) -> PushReply {
        let object = try? JSONValue.parse(String(decoding: body, as: UTF8.self), options: .stored)
        if status == 200 {
            guard let through = object?["storedThrough"]?.wholeNumber, through >= 0,
                  let hex = object?["chain"]?.string, hex.utf8.count == 64, let chain = Checksum.bytes(hex: hex)
            else {
                return .refused(status: 200, code: "badReply", message: "the collector's 200 did not say how far it stores the log")
            }
            return .stored(storedThrough: through, chain: chain)
        }
        let error = object?["error"]
        let code = error?["code"]?.string ?? ""
        var message = error?["message"]?.string ?? ""
        if message.isEmpty { message = "HTTP \(status) without the collector's error body" }
        let seconds = retryAfter.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return .refused(status: status, code: code, message: message, storedThrough: error?["storedThrough"]?.wholeNumber, retryAfterSeconds: seconds)
    }
}

extension JSONValue {
    /// A number that is a whole Int64 (a JSON number read as a double: exact up to 2^53).
    var wholeNumber: Int64? {
        guard case let .number(number) = self, number.rounded() == number, abs(number) <= 9_007_199_254_740_991 else { return nil }
        return Int64(number)
    }
}
