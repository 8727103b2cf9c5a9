/// A command with its id and time fixed, ready to be decided (again, after a concurrent write).
struct PreparedCommand: Sendable {
    var envelope: CommandEnvelope
    var id: String
    var occurredAt: Int64

    var command: SheetCommand { envelope.command }
}

/// What a batch of commands will append, decided against the sessions' states before the append.
struct RecordingPlan: Sendable {
    /// What each command contributes, in the order of the commands.
    enum Outcome: Sendable {
        /// The command's id is stored with the same content: the original events.
        /// `state` is nil when the results carry the state after the batch.
        case alreadyStored(session: String, events: [RecordedEvent], state: SessionState?)
        /// The command was decided: the ids of the events it appends (none for an edit that changes nothing).
        case decided(session: String, eventIDs: [String], state: SessionState?)
    }

    /// Which state the results carry; with `.afterBatch` no outcome keeps a snapshot.
    var resultStates: ResultStates = .afterEachCommand

    var outcomes: [Outcome] = []
    /// One batch per session a command writes to, in command order, each expecting the version the
    /// command was decided at.
    var batches: [StreamBatch] = []
    /// Every session read while deciding, at its state after the whole plan.
    var states: [String: SessionState] = [:]
    /// A command with an id of its own decided no event: had its id been stored, nothing in the
    /// append would show it, so an optimistic plan cannot be trusted.
    var givenIDDecidedNothing = false

    var sessions: Set<String> { Set(states.keys) }

    /// Folds `events` into the plan's state of `session` in place: nothing else holds that state
    /// unless an outcome kept a snapshot of it, so its presentation table is not copied per command.
    mutating func fold(_ events: [SheetEvent], into session: String) {
        for event in events { states[session]?.apply(event) }
    }

    /// The state an outcome keeps for `session`: a snapshot, or nil when results carry the batch's end state.
    func snapshot(of session: String) -> SessionState? {
        resultStates == .afterEachCommand ? states[session] : nil
    }
}
