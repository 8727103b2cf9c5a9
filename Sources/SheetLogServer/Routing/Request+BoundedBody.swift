import Hummingbird
import NIOCore
import SheetLogCore

extension Request {
    /// The whole body, if it holds at most `limit` bytes; else ``SheetLogError/Code/payloadTooLarge``
    /// (`413`), having read no more than the limit. A body with a `Content-Length` over the limit is
    /// refused before a byte of it is read.
    ///
    /// Hummingbird reports the overflow of a body it already holds as `HTTPError(.contentTooLarge)`,
    /// and of a streamed one (chunked, or not yet arrived) as NIO's `NIOTooManyBytesError`: both mean
    /// the sender's fault, never the server's (they answered 500 before).
    func bodyBounded(by limit: Int, operation: String) async throws -> ByteBuffer {
        if let declared = headers[.contentLength].flatMap(Int.init), declared > limit {
            throw Self.tooLarge("\(declared) bytes", limit, operation)
        }
        do {
            return try await body.collect(upTo: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw Self.tooLarge("larger than that", limit, operation)
        } catch is NIOTooManyBytesError {
            throw Self.tooLarge("larger than that", limit, operation)
        }
    }

    private static func tooLarge(_ size: String, _ limit: Int, _ operation: String) -> SheetLogError {
        SheetLogError(
            .payloadTooLarge, "the body is \(size), over the \(limit) bytes it may hold", context: .init(operation: operation, limit: limit))
    }
}
