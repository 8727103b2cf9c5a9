import Foundation
import SheetLogCore
import SheetLogJSON
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The push protocol over HTTP(S) with URLSession: `POST {collector}/v1/devices/{device}/events`,
/// `Authorization: Bearer`, the reply read into a ``PushReply``.
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
        let segment = device.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? device
        guard let url = URL(string: base.absoluteString + "/v1/devices/\(segment)/events") else {
            return .unreachable(reason: "the collector's address and the device id make no URL")
        }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/x-ndjson", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body)
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            // URLError's description names the host and the failure, never the token (a header).
            return .unreachable(reason: (error as? URLError).map { "\($0.code.rawValue) \($0.localizedDescription)" } ?? "\(type(of: error))")
        }
        guard let http = response as? HTTPURLResponse else { return .unreachable(reason: "the reply was not HTTP") }
        return Self.reply(status: http.statusCode, body: data.prefix(Self.maxReplyBytes), retryAfter: http.value(forHTTPHeaderField: "Retry-After"))
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
