import Foundation
import Hummingbird
import HummingbirdTesting
import SheetLogServer
import Testing

/// One answer of the viewer, read whole.
struct Answer: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: String

    var contentType: String? { headers[.contentType] }

    /// The body parsed as JSON.
    func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(body.utf8)) }

    /// `{"error":{"code","message"}}` of an error answer.
    func error() throws -> (code: String, message: String) {
        let object = try #require(try json() as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        return (try #require(error["code"] as? String), try #require(error["message"] as? String))
    }
}

/// Runs `body` against the viewer over `reader`, through the router alone or a live server.
func withViewer<Value: Sendable>(
    _ reader: some SheetLogReader, _ setup: TestingSetup = .router, _ body: @Sendable (ViewerTestClient) async throws -> Value
) async throws -> Value {
    let app = Application(router: ViewerServer.router(reader: reader))
    return try await app.test(setup) { client in try await body(ViewerTestClient(client: client)) }
}

/// GETs a path and reads the answer.
struct ViewerTestClient: Sendable {
    let client: any TestClientProtocol

    func get(_ uri: String) async throws -> Answer {
        try await client.execute(uri: uri, method: .get) { response in
            Answer(status: response.status, headers: response.headers, body: String(buffer: response.body))
        }
    }
}

/// The two ways the route tests run the same bodies: the router alone, and a real server on a port.
enum Transport: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case router
    case live

    var setup: TestingSetup {
        switch self {
        case .router: return .router
        case .live: return .live
        }
    }

    var testDescription: String { rawValue }
}
