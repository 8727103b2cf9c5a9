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

extension ProjectedSession {
    /// Whether `newer` (the stored events after this fold's version) fails to continue it: nothing
    /// new, or a first version past the next one. Only then may a prune have removed the session or
    /// carried it across its cut, and only then is its base asked for: never on the hot path of a
    /// session whose events follow on.
    func needsBase(before newer: [RecordedEvent]) -> Bool {
        guard let first = newer.first else { return true }
        return first.version != state.version + 1
    }

    /// The session caught up with `newer`, starting from the state a prune carried when that state
    /// is later than this fold: the one way every loader (the planner, `state(of:)`) goes on from a
    /// base. Throws ``SheetLogError/Code/pruned`` for a session a prune removed whole.
    func catchingUp(with newer: [RecordedEvent], base: SessionBase?, keys: any SubjectKeys, operation: String) throws -> ProjectedSession {
        switch base {
        case nil:
            return try catchingUp(with: newer, keys: keys)
        case .pruned(let pruning):
            throw pruning.error(operation: operation)
        case .carried(let carried):
            guard carried.version > state.version else { return try catchingUp(with: newer, keys: keys) }
            let start = try CarriedSession(snapshot: carried.snapshot, keys: keys).projected
            return try start.catchingUp(with: newer.filter { $0.version > carried.version }, keys: keys)
        }
    }
}
