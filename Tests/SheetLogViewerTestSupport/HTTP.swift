import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Plain HTTP from the tests, through URLSession (FoundationNetworking on Linux).
public enum HTTP {
    /// The status and the body of a GET, or of a request with a JSON body.
    public static func request(
        _ url: URL, method: String = "GET", json: Any? = nil, bearer: String? = nil, timeout: TimeInterval = 60
    ) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
        }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// A GET, with `bearer` as `Authorization: Bearer` when given.
    public static func get(_ url: URL, bearer: String? = nil) async throws -> (status: Int, body: String) {
        let (status, body) = try await request(url, bearer: bearer)
        return (status, String(decoding: body, as: UTF8.self))
    }

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 120
        return URLSession(configuration: configuration)
    }()
}
