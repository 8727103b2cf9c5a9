import NIOCore

/// A failure of `serve` other than the log's own errors, in words.
enum ServeFailure {
    /// What went wrong: a socket error names the system call and the errno's text (the address is in
    /// use, the host is not an address of this machine …); other errors only by their type, since a
    /// foreign description may quote anything.
    static func describe(_ error: any Error) -> String {
        if let error = error as? IOError { return "cannot listen: \(error.description)" }
        return "failed with an unexpected error of type \(type(of: error))"
    }
}
