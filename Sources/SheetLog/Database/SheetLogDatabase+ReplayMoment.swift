import Foundation

extension SheetLogDatabase {
    /// The step of `session` at `version` and the state before it: one state, not the state of every
    /// step as ``replay(_:through:)`` builds, folded from the nearest of the handle's in-memory
    /// checkpoints (``FoldCheckpoints``) or from the first event, reading only the events after it.
    ///
    /// Throws ``SheetLogError/Code/notFound`` when the session has no event at `version`.
    @concurrent
    package func replayMoment(_ session: String, at version: Int64) async throws -> ReplayMoment {
        try Self.requireSession(session, operation: "state")
        try await Self.requireVersion(version, of: session, backend: backend)
        // Read before the events: an erasure committed in between leaves a version these states do not match.
        let erasures = try await backend.streamVersion(SubjectErasure.stream)
        var start = checkpoints.nearest(session, atOrBefore: version - 1, erasures: erasures)
        var recorded = try await backend.readStream(session, after: start?.version ?? 0, through: version, limit: nil, descending: false)
        if recorded.first?.version != (start?.version ?? 0) + 1, let base = try await replayBase(session, through: version, operation: "state") {
            // Carried across a prune's cut: from the carried state (a checkpoint before it is gone).
            if (start?.version ?? 0) < base.version { start = base.state }
            recorded.removeAll { $0.version <= start!.version }
        }
        var kept: [SessionState] = []
        let moment = try Self.moment(of: session, at: version, from: start, recorded: recorded, keys: backend.subjectKeys) { state in
            if state.version.isMultiple(of: FoldCheckpoints.stride) { kept.append(state) }
        }
        checkpoints.keep(kept, of: session, erasures: erasures)
        return moment
    }

    /// ``replayMoment(_:at:)`` with the sealed values opened by the keys `keys` gives for the
    /// subjects the events name, as ``replay(_:through:keys:)`` opens them (the fleet's reveal):
    /// folded from the first event, or from the state a prune carried, since the checkpoints hold
    /// the database's own keys' values.
    package func replayMoment(
        _ session: String, at version: Int64, keys: (Set<String>) async throws -> [String: SubjectKey]
    ) async throws -> ReplayMoment {
        try Self.requireSession(session, operation: "state")
        try await Self.requireVersion(version, of: session, backend: backend)
        var recorded = try await backend.readStream(session, after: 0, through: version, limit: nil, descending: false)
        let given = try await Self.givenKeys(for: recorded, keys)
        var start: SessionState?
        if recorded.first?.version != 1,
           let base = try await carriedBase(session, through: version, allowingBase: false, keys: given, operation: "state") {
            start = base.state
            recorded.removeAll { $0.version <= base.version }
        }
        return try Self.moment(of: session, at: version, from: start, recorded: recorded, keys: given) { _ in }
    }

    /// ``SheetLogError/Code/notFound`` unless the session has an event at `version`.
    private static func requireVersion(_ version: Int64, of session: String, backend: any SheetLogBackend) async throws {
        let current = try await backend.streamVersion(session)
        guard version < 1 || version > current else { return }
        throw SheetLogError(
            .notFound, current == 0 ? "no session \(session)" : "session \(session) has no version \(version) (its version is \(current))",
            context: .init(stream: session, actualVersion: current, operation: "state"))
    }

    /// Folds `recorded` (the versions after `start`, through `version`) onto `start` with
    /// ``SessionState/apply(_:)``, the fold ``Replay`` runs, keeping the last two states; `folded`
    /// sees each state before the last. The versions must follow on from `start` without a gap.
    private static func moment(
        of session: String, at version: Int64, from start: SessionState?, recorded: [RecordedEvent], keys: any SubjectKeys,
        folded: (SessionState) -> Void
    ) throws(SheetLogError) -> ReplayMoment {
        var state = start ?? SessionState(sessionID: session)
        var previous: SessionState?
        var last: (event: RecordedEvent, sheetEvent: SheetEvent)?
        for event in recorded {
            let expected = state.version + 1
            guard event.stream == session, event.version == expected else {
                throw SheetLogError(
                    .integrityViolation,
                    "replay of stream \(session) expects version \(expected) but finds version \(event.version) of stream \(event.stream) at position \(event.position)",
                    context: .init(stream: event.stream, actualVersion: event.version, position: event.position, eventID: event.eventID, operation: "state"))
            }
            let sheetEvent = try SheetEventCodec.decode(event, keys: keys)
            if event.version == version {
                previous = version > 1 ? state : nil
                last = (event, sheetEvent)
            }
            state.apply(sheetEvent)
            if event.version < version { folded(state) }
        }
        guard let last, state.version == version else {
            throw SheetLogError(
                .integrityViolation, "replay of stream \(session) ends at version \(state.version) before version \(version)",
                context: .init(stream: session, actualVersion: state.version, operation: "state"))
        }
        return ReplayMoment(step: ReplayStep(event: last.event, sheetEvent: last.sheetEvent, state: state), previous: previous)
    }
}

extension SheetLogDatabase {
    /// Every event of `session` with what it means, without the state after each: the timeline's
    /// event list (type, presentation, outcome), which needs no value, so sealed values stay closed.
    ///
    /// Throws ``SheetLogError/Code/notFound`` when the session has no events; empty for a session a
    /// prune carried at its last version (its carried state is all there is).
    @concurrent
    package func decodedEvents(_ session: String) async throws -> [(event: RecordedEvent, sheetEvent: SheetEvent)] {
        try Self.requireSession(session, operation: "timeline")
        let recorded = try await backend.readStream(session, after: 0, through: nil, limit: nil, descending: false)
        // Not from version 1: a session a prune carried begins at its carried version + 1.
        let base = recorded.first?.version == 1 ? nil : try await replayBase(session, through: nil, operation: "timeline")
        if recorded.isEmpty {
            // Carried at its last version: no kept event, and the timeline shows the carried state.
            if base != nil { return [] }
            throw SheetLogError(.notFound, "no session \(session)", context: .init(stream: session, operation: "timeline"))
        }
        return Array(zip(recorded, try Replay.decode(recorded, after: base?.version ?? 0, keys: NoSubjectKeys())))
    }
}
