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
        case alreadyStored(session: String, events: [RecordedEvent], state: SessionState)
        /// The command was decided: the ids of the events it appends (none for an edit that changes nothing).
        case decided(session: String, eventIDs: [String], state: SessionState)
    }

    var outcomes: [Outcome] = []
    /// One batch per session a command writes to, in command order, each expecting the version the
    /// command was decided at.
    var batches: [StreamBatch] = []
    /// Every session read while deciding, at its state after the whole plan.
    var states: [String: SessionState] = [:]

    var sessions: Set<String> { Set(states.keys) }
}
