import SheetLogDomain

/// Decides sheet commands with the domain and encodes their events as the facade does, so that a
/// check hands a backend the events of real sessions (its projections refuse anything else).
///
/// The script folds what it decides into its own states whether or not the append goes through:
/// a check that expects a refusal decides it last, or from a copy.
package struct SheetScript {
    package private(set) var states: [String: SessionState] = [:]
    /// The time of the last command decided, milliseconds since 1970.
    package private(set) var now: Int64 = 1_767_225_600_000
    private var eventCount = 0

    package init() {}

    /// The batch `command` appends to `session`, expecting the session's version before it; its
    /// events have the ids `event-1`, `event-2` … in the order the script decides them.
    package mutating func batch(_ command: SheetCommand, in session: String, at time: Int64? = nil) throws -> StreamBatch {
        let state = states[session] ?? SessionState(sessionID: session)
        now = time ?? now + 1_000
        let decided = try SheetDecider.decide(command, state: state, at: now)
        var events: [EventData] = []
        var folded = state
        for event in decided {
            eventCount += 1
            events.append(try SheetEventCodec.encode(event, eventID: "event-\(eventCount)"))
            folded.apply(event)
        }
        states[session] = folded
        return StreamBatch(stream: session, events: events, expected: .exact(state.version))
    }
}
