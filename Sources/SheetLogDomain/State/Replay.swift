/// Session replay: the state after each event, to reproduce what a user did step by step.
///
/// ```swift
/// for step in try Replay.steps(recorded: try await store.readStream("s1")) {
///     print(step.version, step.event.type, step.state.top?.id ?? "-")
/// }
/// ```
public enum Replay {
    /// One step of a replay: an event and the session state right after it.
    public struct Step: Sendable, Hashable {
        public var event: SheetEvent
        public var state: SessionState

        public init(event: SheetEvent, state: SessionState) {
            self.event = event
            self.state = state
        }

        /// The session's version after the event.
        public var version: Int64 { state.version }
    }

    /// The state after each of `events` of session `sessionID`, from the start (or from `start`,
    /// the state a prune carried across its cut).
    public static func steps(session sessionID: String, _ events: some Sequence<SheetEvent>, from start: SessionState? = nil) -> [Step] {
        var state = start ?? SessionState(sessionID: sessionID)
        var steps: [Step] = []
        steps.reserveCapacity(events.underestimatedCount)
        for event in events {
            state.apply(event)
            steps.append(Step(event: event, state: state))
        }
        return steps
    }

    /// Decodes stored events of one stream and replays them.
    ///
    /// Throws ``SheetLogError/Code/integrityViolation`` when the events are not one stream's
    /// consecutive versions from 1, and the codec's errors for an event it cannot decode.
    /// Sealed events are opened with `keys` (without them their values read as ``FieldValue/withheld``).
    public static func steps(recorded: [RecordedEvent], keys: any SubjectKeys = NoSubjectKeys()) throws(SheetLogError) -> [Step] {
        guard let first = recorded.first else { return [] }
        return steps(session: first.stream, try decode(recorded, keys: keys))
    }

    /// The state of the stream after the events up to `version` (all of them when nil).
    public static func state(
        recorded: [RecordedEvent], through version: Int64? = nil, keys: any SubjectKeys = NoSubjectKeys()
    ) throws(SheetLogError) -> SessionState? {
        guard let first = recorded.first else { return nil }
        let kept = version.map { limit in recorded.filter { $0.version <= limit } } ?? recorded
        return SessionState.fold(session: first.stream, try decode(kept, keys: keys))
    }

    /// The events of one stream, checked to be its consecutive versions from `after` + 1 (from 1
    /// unless a prune removed the first ones), decoded.
    public static func decode(
        _ recorded: [RecordedEvent], after: Int64 = 0, keys: any SubjectKeys = NoSubjectKeys()
    ) throws(SheetLogError) -> [SheetEvent] {
        guard let stream = recorded.first?.stream else { return [] }
        var events: [SheetEvent] = []
        events.reserveCapacity(recorded.count)
        for (index, event) in recorded.enumerated() {
            let expected = after + Int64(index + 1)
            guard event.stream == stream, event.version == expected else {
                throw SheetLogError(
                    .integrityViolation,
                    "replay of stream \(stream) expects version \(expected) but finds version \(event.version) of stream \(event.stream) at position \(event.position)",
                    context: .init(stream: event.stream, actualVersion: event.version, position: event.position, eventID: event.eventID,
                                   operation: "replay"))
            }
            events.append(try SheetEventCodec.decode(event, keys: keys))
        }
        return events
    }
}
