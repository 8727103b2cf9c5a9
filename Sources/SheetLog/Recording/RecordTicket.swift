/// A caller's place in a database's ``RecordQueue``: resolved once, with the caller's results, or
/// with the lead of the next group to commit.
package final class RecordTicket: Sendable {
    enum Wake {
        /// The caller's commands were decided and committed (or refused) as part of a group.
        case done(Result<[RecordResult], any Error>)
        /// The caller commits the next group: its own request and those waiting behind it.
        case lead
    }

    /// The resolution, or the caller waiting for it: whichever came first.
    private struct Slot {
        var wake: Wake?
        var continuation: CheckedContinuation<Wake, Never>?
    }

    private let slot = LockedBox(Slot())

    /// Resolves the ticket; the caller resumes (now, or when it comes to wait).
    func resolve(_ wake: Wake) {
        let waiting: CheckedContinuation<Wake, Never>? = slot.withLock { slot in
            if let continuation = slot.continuation {
                slot.continuation = nil
                return continuation
            }
            slot.wake = wake
            return nil
        }
        waiting?.resume(returning: wake)
    }

    /// How the ticket was resolved, once it is.
    func wait() async -> Wake {
        if let wake = slot.withLock({ $0.wake }) { return wake }
        return await withCheckedContinuation { continuation in
            let ready: Wake? = slot.withLock { slot in
                if let wake = slot.wake { return wake }
                slot.continuation = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
