import Hummingbird

/// The responses the viewer sends: JSON, CSV, HTML pages and fragments, and its two assets.
package enum Responses {
    package static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        body(text, contentType: "application/json; charset=utf-8", status: status)
    }

    package static func csv(_ text: String, filename: String) -> Response {
        var response = body(text, contentType: "text/csv; charset=utf-8", status: .ok)
        response.headers[.contentDisposition] = "attachment; filename=\"\(filename)\""
        return response
    }

    /// JSON Lines (an export's ingest lines) to save as `filename`.
    package static func jsonLines(_ text: String, filename: String) -> Response {
        var response = body(text, contentType: "application/jsonl; charset=utf-8", status: .ok)
        response.headers[.contentDisposition] = "attachment; filename=\"\(filename)\""
        return response
    }

    package static func html(_ html: HTML, status: HTTPResponse.Status = .ok) -> Response {
        body(html.markup, contentType: "text/html; charset=utf-8", status: status)
    }

    package static func asset(_ text: String, contentType: String) -> Response {
        body(text, contentType: contentType, status: .ok)
    }

    private static func body(_ text: String, contentType: String, status: HTTPResponse.Status) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
