/// A caller's place in a database's ``RecordQueue``: resolved once, with the caller's results, or
/// with the lead of the next group to commit.
package final class RecordTicket: @unchecked Sendable {  // every access to `wake` and `continuation` holds `lock`
    enum Wake {
        /// The caller's commands were decided and committed (or refused) as part of a group.
        case done(Result<[RecordResult], any Error>)
        /// The caller commits the next group: its own request and those waiting behind it.
        case lead
    }

    private let lock = Lock()
    private var wake: Wake?
    private var continuation: CheckedContinuation<Wake, Never>?

    /// Resolves the ticket; the caller resumes (now, or when it comes to wait).
    func resolve(_ wake: Wake) {
        let waiting: CheckedContinuation<Wake, Never>? = lock.withLock {
            if let continuation {
                self.continuation = nil
                return continuation
            }
            self.wake = wake
            return nil
        }
        waiting?.resume(returning: wake)
    }

    /// How the ticket was resolved, once it is.
    func wait() async -> Wake {
        if let wake = lock.withLock({ self.wake }) { return wake }
        return await withCheckedContinuation { continuation in
            let ready: Wake? = lock.withLock {
                if let wake { return wake }
                self.continuation = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
