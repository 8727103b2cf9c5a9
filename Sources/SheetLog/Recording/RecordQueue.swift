/// The commands waiting to be recorded in one database, in the order they were submitted, and who
/// commits them: group commit.
///
/// The first caller to find no group being committed leads: it takes every request waiting (its
/// own first), decides and appends them in one transaction — one fsync for all — and resolves each
/// waiting ticket only after that COMMIT returned. Then the oldest request that arrived meanwhile
/// leads the next group. A lone caller leads at once and never waits for company; a burst (one task
/// per keystroke, several tasks recording at once) shares transactions. Requests are decided in
/// submission order, so a coordinator that submits on the main actor keeps the order of its calls.
final class RecordQueue: Sendable {
    struct Request {
        var commands: [PreparedCommand]
        var states: ResultStates
        let ticket = RecordTicket()
    }

    /// A group holds at most this many commands (and always at least one request), so that one
    /// transaction stays short and its readers' snapshot small.
    static let groupCommandLimit = 1_000

    private struct State {
        var pending: [Request] = []
        var leading = false
        /// Set by a COMMIT whose outcome is unknown: no later request is committed through this handle.
        var unknownCommit: SheetLogError?
    }

    private let state = LockedBox(State())

    /// The error every request gets once a COMMIT's outcome was unknown, nil before.
    var refusal: SheetLogError? {
        state.withLock { state in
            state.unknownCommit.map { failed in
                SheetLogError(
                    .closed,
                    "not recorded: an earlier COMMIT through this database handle failed with an unknown outcome (event id \(failed.context.eventID ?? "unknown")); reopen the database, look that append's event ids up, then record again",
                    context: .init(stream: failed.context.stream, eventID: failed.context.eventID, operation: "record"))
            }
        }
    }

    /// Refuses every later request: the log's rule is never to write again through a handle whose
    /// COMMIT outcome is unknown, and a group queued behind it must not be committed either.
    func refuseAfter(_ error: SheetLogError) {
        state.withLock { state in if state.unknownCommit == nil { state.unknownCommit = error } }
    }

    /// Adds a request at the end of the queue; its ticket leads at once when no group is being committed.
    func submit(_ request: Request) {
        let leadsNow: Bool = state.withLock { state in
            state.pending.append(request)
            guard !state.leading else { return false }
            state.leading = true
            return true
        }
        if leadsNow { request.ticket.resolve(.lead) }
    }

    /// The leader's group: the requests at the front of the queue, the leader's own first.
    func takeGroup() -> [Request] {
        state.withLock { state in
            var count = 0
            var commands = 0
            for request in state.pending {
                if count > 0 && commands + request.commands.count > Self.groupCommandLimit { break }
                count += 1
                commands += request.commands.count
            }
            let group = Array(state.pending.prefix(count))
            state.pending.removeFirst(count)
            return group
        }
    }

    /// Ends the leader's turn: the oldest waiting request leads the next group, or nobody leads.
    func handOver() {
        let next: Request? = state.withLock { state in
            guard let first = state.pending.first else {
                state.leading = false
                return nil
            }
            return first
        }
        next?.ticket.resolve(.lead)
    }
}
