import Hummingbird

/// A request the viewer refuses for who sent it: `401` (no usable token) or `403` (a token that may
/// not do this). Its message names the rule and never quotes a token.
struct AccessRefusal: Error, Sendable {
    var status: HTTPResponse.Status
    var message: String

    static func forbidden(_ message: String) -> AccessRefusal {
        AccessRefusal(status: .forbidden, message: message)
    }

    static func unauthorized(_ message: String) -> AccessRefusal {
        AccessRefusal(status: .unauthorized, message: message)
    }

    /// `forbidden` or `unauthorized`, as the API's error codes name them.
    var code: String { status == .forbidden ? "forbidden" : "unauthorized" }
}
