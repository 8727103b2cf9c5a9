extension SheetLogDatabase {
    /// The current state of `session`, caught up with every event in the log (also those other
    /// processes wrote). A session with no events has an empty state at version 0.
    @concurrent
    public func state(of session: String) async throws -> SessionState {
        try Self.requireSession(session, operation: "state")
        return try await catchUp(session)
    }

    /// The session's events from the start through `version` (all of them when nil), each with the
    /// state right after it: what the user saw, step by step.
    ///
    /// Deterministic: the same log gives the same steps. Throws ``SheetLogError/Code/notFound`` when
    /// the session has no events, and ``SheetLogError/Code/integrityViolation`` when its versions
    /// are not consecutive from 1.
    @concurrent
    public func replay(_ session: String, through version: Int64? = nil) async throws -> [ReplayStep] {
        try Self.requireSession(session, operation: "replay")
        let recorded = try await backend.readStream(session, after: 0, through: version, limit: nil, descending: false)
        if recorded.isEmpty {
            try await refuseIfPruned(session, operation: "replay")
            throw SheetLogError(
                .notFound, "session \(session) has no events to replay", context: .init(stream: session, operation: "replay"))
        }
        let steps = try Replay.steps(recorded: recorded, keys: backend.subjectKeys)
        return zip(recorded, steps).map { ReplayStep(event: $0, sheetEvent: $1.event, state: $1.state) }
    }

    /// The steps of `session` with its sealed values opened by the keys `keys` gives for the
    /// subjects its events name, instead of this database's: how the fleet viewer shows a revealed
    /// session with the keys its device shared.
    package func replay(
        _ session: String, through version: Int64?, keys: (Set<String>) async throws -> [String: SubjectKey]
    ) async throws -> [ReplayStep] {
        try Self.requireSession(session, operation: "replay")
        let recorded = try await backend.readStream(session, after: 0, through: version, limit: nil, descending: false)
        if recorded.isEmpty {
            throw SheetLogError(
                .notFound, "session \(session) has no events to replay", context: .init(stream: session, operation: "replay"))
        }
        let subjects = Set(recorded.compactMap { SheetEventCodec.subject(schemaVersion: $0.schemaVersion, payload: $0.payload) })
        let steps = try Replay.steps(recorded: recorded, keys: GivenSubjectKeys(keys: try await keys(subjects)))
        return zip(recorded, steps).map { ReplayStep(event: $0, sheetEvent: $1.event, state: $1.state) }
    }

    /// The state of `session` right after its event at `version` (the empty state at 0).
    ///
    /// Throws ``SheetLogError/Code/notFound`` when `version` is negative or beyond the session's version.
    @concurrent
    public func state(of session: String, at version: Int64) async throws -> SessionState {
        try Self.requireSession(session, operation: "state(at:)")
        let recorded = try await backend.readStream(session, after: 0, through: max(0, version), limit: nil, descending: false)
        if recorded.isEmpty { try await refuseIfPruned(session, operation: "state(at:)") }
        guard version >= 0, Int64(recorded.count) == version else {
            let current = try await backend.streamVersion(session)
            throw SheetLogError(
                .notFound, "session \(session) has no version \(version) (its version is \(current))",
                context: .init(stream: session, actualVersion: current, operation: "state(at:)"))
        }
        return try Replay.state(recorded: recorded, keys: backend.subjectKeys) ?? SessionState(sessionID: session)
    }

    /// Throws ``SheetLogError/Code/pruned`` for a session a prune removed (asked only of a session
    /// with no events: one probe of `pruned_sessions`, never on a session that reads).
    func refuseIfPruned(_ session: String, operation: String) async throws {
        if case .pruned(let pruning) = try await backend.base(of: session) { throw pruning.error(operation: operation) }
    }

    /// Refuses one of the log's own streams (`$erasures`) where a session is asked for: its events are
    /// no sheet's.
    static func requireSession(_ session: String, operation: String) throws(SheetLogError) {
        guard SubjectErasure.isLogStream(session) else { return }
        throw SheetLogError(
            .invalidInput, "\(operation): the session id \(SubjectErasure.reservedSessionProblem)",
            context: .init(stream: session, operation: operation))
    }
}
