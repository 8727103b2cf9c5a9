import SheetLogProjections
import SheetLogStorage

/// A command with its id and time fixed, ready to be decided.
struct PreparedCommand: Sendable {
    var envelope: CommandEnvelope
    var id: String
    var occurredAt: Int64

    var command: SheetCommand { envelope.command }
    /// True when the caller chose the id: only such a command can be a resend.
    var hasOwnID: Bool { envelope.id != nil }
}

/// What a batch of commands appends, decided against the sessions as stored, in the append's transaction.
struct RecordingPlan {
    /// What each command contributes, in the order of the commands.
    enum Outcome {
        /// The command's id is stored with the same content: the original events (none for a
        /// command whose receipt is stored). `state` is nil when the results carry the state after the batch.
        case alreadyStored(session: String, events: [RecordedEvent], state: SessionState?)
        /// The command was decided: the ids of the events it appends (none for an edit that changes nothing).
        case decided(session: String, eventIDs: [String], state: SessionState?)
        /// The command repeats an id decided earlier in the same plan, with the same content: the
        /// earlier command's events, stored by this transaction.
        case repeated(session: String, eventIDs: [String], state: SessionState?)
    }

    /// Which state the results of the request being planned carry; with `.afterBatch` no outcome
    /// keeps a snapshot until the request ends.
    var resultStates: ResultStates = .afterEachCommand
    /// The cache's era the plan was decided in.
    var era: UInt64
    /// The log position of the last event planned: the transaction's mark, plus one per event
    /// planned (the store inserts the batches in plan order, each event at the next position).
    var position: Int64

    init(era: UInt64, position: Int64) {
        self.era = era
        self.position = position
    }

    var outcomes: [Outcome] = []
    /// Per request of the group, in order: the range of its outcomes, or the error that refused it.
    var requests: [Result<Range<Int>, SheetLogError>] = []
    /// One batch per session a command writes to, in command order, each expecting the version the
    /// command was decided at.
    var batches: [StreamBatch] = []
    /// The fold of every planned event into its session, for the rows the append writes.
    var steps = ProjectionSteps()
    /// The commands with ids of their own decided in this plan, with the ids of the events they append.
    var ownIDs: [String: (command: PreparedCommand, eventIDs: [String])] = [:]
    /// Receipts of the commands with ids of their own that decided no event, in command order.
    var receipts: [CommandReceipt] = []
    /// Every session read while deciding, at its state after the whole plan, as its rows fold it.
    var sessions: [String: ProjectedSession] = [:]
    /// In a sealed log, the subject of every session the plan seals events of.
    var subjects: [String: String] = [:]
    /// Whether every payload of ``batches`` is strictly valid JSON as the codec wrote it: the store
    /// then checks the events without reading their JSON again.
    var payloadsStrictlyValid = true

    /// Folds `events`, the batch just planned for `session`, into the plan's fold of it in place, each
    /// at the position and version it is stored at: nothing else holds that fold unless an outcome
    /// kept a snapshot of it, so its presentation table is not copied per command.
    mutating func fold(_ events: [SheetEvent], into session: String) {
        guard sessions[session] != nil else { return }
        for event in events {
            position += 1
            let version = sessions[session]!.state.version + 1
            steps.fold(event, into: &sessions[session]!, position: position, version: version)
        }
    }

    /// The state of `session` after the events planned so far.
    func state(of session: String) -> SessionState? {
        sessions[session]?.state
    }

    /// The state an outcome keeps for `session`: a snapshot, or nil when results carry the batch's end state.
    func snapshot(of session: String) -> SessionState? {
        resultStates == .afterEachCommand ? state(of: session) : nil
    }

    /// The rows of every planned event, taking the sealed texts they were written with into the
    /// sessions (kept for the next append's rows once this one committed).
    mutating func rows() -> ProjectionChange? {
        if steps.isEmpty { return nil }
        let change = steps.change(of: sessions)
        for written in change.sessions { sessions[written.session.session] = written.session }
        return change
    }

    /// Closes the request whose outcomes start at `start`: with `.afterBatch`, each of its outcomes
    /// gets its session's state at the request's end.
    mutating func finishRequest(startingAt start: Int) {
        if resultStates == .afterBatch {
            for index in start..<outcomes.count {
                switch outcomes[index] {
                case let .alreadyStored(session, events, nil):
                    outcomes[index] = .alreadyStored(session: session, events: events, state: state(of: session))
                case let .decided(session, eventIDs, nil):
                    outcomes[index] = .decided(session: session, eventIDs: eventIDs, state: state(of: session))
                case let .repeated(session, eventIDs, nil):
                    outcomes[index] = .repeated(session: session, eventIDs: eventIDs, state: state(of: session))
                case .alreadyStored, .decided, .repeated:
                    break
                }
            }
        }
        requests.append(.success(start..<outcomes.count))
    }

    mutating func add(_ receipt: CommandReceipt) {
        receipts.append(receipt)
    }
}
