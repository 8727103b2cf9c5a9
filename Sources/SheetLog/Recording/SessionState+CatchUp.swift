extension SessionState {
    /// The state with `events` — the session's events after this state's version, in version
    /// order — folded in; throws ``SheetLogError/Code/integrityViolation`` at a gap in the versions.
    func catchingUp(with events: [RecordedEvent], keys: any SubjectKeys) throws -> SessionState {
        var state = self
        for event in events {
            guard event.version == state.version + 1 else {
                throw SheetLogError(
                    .integrityViolation,
                    "session \(sessionID) expects version \(state.version + 1) but finds version \(event.version) at position \(event.position)",
                    context: .init(stream: sessionID, actualVersion: event.version, position: event.position, eventID: event.eventID,
                                   operation: "load"))
            }
            state.apply(try SheetEventCodec.decode(event, keys: keys))
        }
        return state
    }
}
