import Foundation
import NIOCore

/// A failure of `serve` other than the log's own errors, in words.
enum ServeFailure {
    /// What went wrong, in one line: a host that does not resolve, or a socket error with the address
    /// and the errno's text (the address is in use, the host is not an address of this machine …);
    /// other errors only by their type, since a foreign description may quote anything.
    static func describe(_ error: any Error, host: String?, port: Int?) -> String {
        if let error = error as? SocketAddressError.UnknownHost {
            return "cannot resolve host \(host ?? error.host)"
        }
        if let error = error as? IOError {
            var reason = String(cString: strerror(error.errnoCode))
            if let first = reason.first { reason = first.lowercased() + reason.dropFirst() }
            guard let host, let port else { return "cannot listen: \(reason)" }
            let shownHost = host.contains(":") ? "[\(host)]" : host
            return "cannot listen on \(shownHost):\(port): \(reason)"
        }
        return "failed with an unexpected error of type \(type(of: error))"
    }
}
