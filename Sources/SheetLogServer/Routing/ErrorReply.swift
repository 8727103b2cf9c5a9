import Hummingbird
import SheetLog
import SheetLogReports

/// What the viewer answers for a failure: a status, a `SheetLogError` code and a message that names
/// the rule broken (never a stack trace, never a value typed into a form).
///
/// The API writes it as `{"error":{"code":"…","message":"…"}}`; pages as an HTML page.
package struct ErrorReply: Sendable, Hashable {
    package var status: HTTPResponse.Status
    package var code: String
    package var message: String

    package init(status: HTTPResponse.Status, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// The reply for any error a handler or the router threw.
    package init(_ error: any Error) {
        switch error {
        case let error as SheetLogError:
            self.init(status: Self.status(of: error.code), code: error.code.rawValue, message: error.message)
        case let refusal as AccessRefusal:
            self.init(status: refusal.status, code: refusal.code, message: refusal.message)
        case let error as HTTPError where error.status == .notFound:
            self.init(status: .notFound, code: SheetLogError.Code.notFound.rawValue, message: "nothing is served at this path")
        case let error as HTTPError where error.status.kind == .clientError:
            self.init(status: error.status, code: SheetLogError.Code.invalidInput.rawValue, message: "the request was refused: \(error.status.reasonPhrase)")
        default:
            // Only a generic sentence: an error's description may quote anything.
            self.init(status: .internalServerError, code: "internal", message: "the server failed to answer; see its log")
        }
    }

    /// The status for a `SheetLogError` code: what the client got wrong (404, 400), a session a prune
    /// removed (410, the message naming the pruning), what the store's
    /// state refuses (409: an export of values sealed under a key the server does not hold), a busy
    /// store or one that did not answer in time (503), or the store's failure (500).
    package static func status(of code: SheetLogError.Code) -> HTTPResponse.Status {
        switch code {
        case .notFound: return .notFound
        case .pruned: return .gone
        case .invalidInput: return .badRequest
        case .keyUnavailable: return .conflict
        case .busy, .connectionFailed: return .serviceUnavailable
        default: return .internalServerError
        }
    }

    /// `{"error":{"code":…,"message":…}}` on one line.
    package var json: String {
        struct Body: Encodable {
            struct Detail: Encodable {
                var code: String
                var message: String
            }
            var error: Detail
        }
        let text = (try? JSONOutput.line(Body(error: .init(code: code, message: message))))
        return (text ?? #"{"error":{"code":"internal","message":"the error could not be written"}}"#) + "\n"
    }
}
