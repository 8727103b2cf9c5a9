import SheetLogProjections

extension ProjectedSession {
    /// The session with `events` — its events after this fold's version, in version order — folded
    /// in at their positions; throws ``SheetLogError/Code/integrityViolation`` at a gap in the versions.
    func catchingUp(with events: [RecordedEvent], keys: any SubjectKeys) throws -> ProjectedSession {
        var session = self
        for event in events {
            guard event.version == session.state.version + 1 else {
                throw SheetLogError(
                    .integrityViolation,
                    "session \(self.session) expects version \(session.state.version + 1) but finds version \(event.version) at position \(event.position)",
                    context: .init(stream: self.session, actualVersion: event.version, position: event.position, eventID: event.eventID,
                                   operation: "load"))
            }
            let logged = LoggedEvent(event)
            let (opened, sealing) = try logged.sheetEvent(keys: keys)
            session.adopt(sealing)
            _ = session.foldRows(opened, position: event.position, version: event.version, chain: event.chain)
        }
        return session
    }
}
