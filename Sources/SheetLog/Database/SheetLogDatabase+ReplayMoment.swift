extension SheetLogDatabase {
    /// The step of `session` at `version` and the state before it, read from the session's first
    /// `version` events only: one state, not the state of every step as ``replay(_:through:)`` builds.
    ///
    /// Throws ``SheetLogError/Code/notFound`` when the session has no event at `version`.
    @concurrent
    package func replayMoment(_ session: String, at version: Int64) async throws -> ReplayMoment {
        try Self.requireSession(session, operation: "state")
        return try Self.moment(of: session, at: version, recorded: try await events(of: session, through: version), keys: backend.subjectKeys)
    }

    /// ``replayMoment(_:at:)`` with the sealed values opened by the keys `keys` gives for the
    /// subjects the events name, as ``replay(_:through:keys:)`` opens them (the fleet's reveal).
    package func replayMoment(
        _ session: String, at version: Int64, keys: (Set<String>) async throws -> [String: SubjectKey]
    ) async throws -> ReplayMoment {
        try Self.requireSession(session, operation: "state")
        let recorded = try await events(of: session, through: version)
        let subjects = Set(recorded.compactMap { SheetEventCodec.subject(schemaVersion: $0.schemaVersion, payload: $0.payload) })
        return try Self.moment(of: session, at: version, recorded: recorded, keys: GivenSubjectKeys(keys: try await keys(subjects)))
    }

    /// Versions 1 through `version`; ``SheetLogError/Code/notFound`` when the session ends before it.
    private func events(of session: String, through version: Int64) async throws -> [RecordedEvent] {
        let recorded = version < 1 ? [] : try await backend.readStream(session, after: 0, through: version, limit: nil, descending: false)
        guard Int64(recorded.count) == version, version >= 1 else {
            let current = try await backend.streamVersion(session)
            throw SheetLogError(
                .notFound, current == 0 ? "no session \(session)" : "session \(session) has no version \(version) (its version is \(current))",
                context: .init(stream: session, actualVersion: current, operation: "state"))
        }
        return recorded
    }

    /// Folds the decoded events as ``Replay/steps(recorded:keys:)`` does, keeping the last two states only.
    private static func moment(of session: String, at version: Int64, recorded: [RecordedEvent], keys: any SubjectKeys) throws(SheetLogError) -> ReplayMoment {
        let events = try Replay.decode(recorded, keys: keys)
        var state = SessionState(sessionID: session)
        for event in events.dropLast() { state.apply(event) }
        let previous = events.count > 1 ? state : nil
        state.apply(events[events.count - 1])
        return ReplayMoment(step: ReplayStep(event: recorded[recorded.count - 1], sheetEvent: events[events.count - 1], state: state), previous: previous)
    }
}

extension SheetLogDatabase {
    /// Every event of `session` with what it means, without the state after each: the timeline's
    /// event list (type, presentation, outcome), which needs no value, so sealed values stay closed.
    ///
    /// Throws ``SheetLogError/Code/notFound`` when the session has no events.
    @concurrent
    package func decodedEvents(_ session: String) async throws -> [(event: RecordedEvent, sheetEvent: SheetEvent)] {
        try Self.requireSession(session, operation: "timeline")
        let recorded = try await backend.readStream(session, after: 0, through: nil, limit: nil, descending: false)
        if recorded.isEmpty {
            throw SheetLogError(.notFound, "no session \(session)", context: .init(stream: session, operation: "timeline"))
        }
        return Array(zip(recorded, try Replay.decode(recorded, keys: NoSubjectKeys())))
    }
}
