import Foundation
import SheetLogProjections

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
    ///
    /// A session a prune carried across its cut replays from the state the prune carried: its first
    /// step's ``ReplayStep/base`` says so. Asked for a version the prune removed, or for a session it
    /// removed whole, it throws ``SheetLogError/Code/pruned`` naming the pruning.
    @concurrent
    public func replay(_ session: String, through version: Int64? = nil) async throws -> [ReplayStep] {
        try await replay(session, through: version, opening: { _ in self.backend.subjectKeys })
    }

    /// The steps of `session` with its sealed values opened by the keys `keys` gives for the
    /// subjects its events name, instead of this database's: how the fleet viewer shows a revealed
    /// session with the keys its device shared. A carried session starts from its carried state, as
    /// ``replay(_:through:)`` does.
    package func replay(
        _ session: String, through version: Int64?, keys: (Set<String>) async throws -> [String: SubjectKey]
    ) async throws -> [ReplayStep] {
        try await replay(session, through: version, opening: { recorded in try await Self.givenKeys(for: recorded, keys) })
    }

    /// The keys `keys` gives for the subjects the events of `recorded` name.
    static func givenKeys(
        for recorded: [RecordedEvent], _ keys: (Set<String>) async throws -> [String: SubjectKey]
    ) async throws -> any SubjectKeys {
        let subjects = Set(recorded.compactMap { SheetEventCodec.subject(schemaVersion: $0.schemaVersion, payload: $0.payload) })
        return GivenSubjectKeys(keys: try await keys(subjects))
    }

    /// The one replay: `opening` gives the keys that open the values of the events read (and of the
    /// state a prune carried).
    private func replay(
        _ session: String, through version: Int64?, opening: ([RecordedEvent]) async throws -> any SubjectKeys
    ) async throws -> [ReplayStep] {
        try Self.requireSession(session, operation: "replay")
        let recorded = try await backend.readStream(session, after: 0, through: version, limit: nil, descending: false)
        // Events from version 1: no prune touched the session (no probe on that path).
        guard recorded.first?.version != 1 else {
            let steps = try Replay.steps(recorded: recorded, keys: try await opening(recorded))
            return zip(recorded, steps).map { ReplayStep(event: $0, sheetEvent: $1.event, state: $1.state) }
        }
        let keys = try await opening(recorded)
        guard let base = try await carriedBase(session, through: version, allowingBase: false, keys: keys, operation: "replay") else {
            if recorded.isEmpty {
                throw SheetLogError(
                    .notFound, "session \(session) has no events to replay", context: .init(stream: session, operation: "replay"))
            }
            // Not from version 1 and not carried: the integrity error names the gap.
            _ = try Replay.decode(recorded, keys: NoSubjectKeys())
            return []
        }
        let kept = recorded.filter { $0.version > base.version }
        guard !kept.isEmpty else {
            throw SheetLogError(
                .pruned, "session \(session) has no kept event to replay: the prune of \(base.prunedAt.formatted(.iso8601)) carried it at version \(base.version), its last: that state is the session's now (`sessions` lists it, `recover` offers its drafts)",
                context: .init(stream: session, actualVersion: base.version, operation: "replay"))
        }
        let events = try Replay.decode(kept, after: base.version, keys: keys)
        let steps = Replay.steps(session: session, events, from: base.state)
        return zip(kept, steps).enumerated().map { index, pair in
            ReplayStep(event: pair.0, sheetEvent: pair.1.event, state: pair.1.state, base: index == 0 ? base : nil)
        }
    }

    /// The state a prune carried for `session`, for a replay through `version` (to the end when nil);
    /// nil when no prune touched it. Throws ``SheetLogError/Code/pruned`` for a session a prune
    /// removed whole, and for a `version` at or before the carried one (gone from the log) — except
    /// `allowingBase`, where the carried version itself is the state asked for.
    func replayBase(_ session: String, through version: Int64?, allowingBase: Bool = false, operation: String) async throws -> ReplayBase? {
        try await carriedBase(session, through: version, allowingBase: allowingBase, keys: backend.subjectKeys, operation: operation)
    }

    /// Where the kept log of `session` begins when a prune carried it (the viewer's timeline); nil
    /// when no prune touched it. Throws ``SheetLogError/Code/pruned`` for a session removed whole.
    package func carriedBase(of session: String, operation: String) async throws -> ReplayBase? {
        try await carriedBase(session, through: nil, allowingBase: false, keys: backend.subjectKeys, operation: operation)
    }

    /// `keys` open the carried state's values (a sealed log's).
    func carriedBase(
        _ session: String, through version: Int64?, allowingBase: Bool, keys: any SubjectKeys, operation: String
    ) async throws -> ReplayBase? {
        switch try await backend.base(of: session) {
        case nil:
            return nil
        case .pruned(let pruning):
            throw pruning.error(operation: operation)
        case .carried(let carried):
            if let version, version < carried.version || (version == carried.version && !allowingBase) {
                throw carried.error("version \(version) is gone from the log", operation: operation)
            }
            let state = try CarriedSession(snapshot: carried.snapshot, keys: keys).projected.state
            return ReplayBase(version: carried.version, prunedAt: Date(timeIntervalSince1970: Double(carried.prunedAt) / 1_000), state: state)
        }
    }

    /// The state of `session` right after its event at `version` (the empty state at 0).
    ///
    /// Throws ``SheetLogError/Code/notFound`` when `version` is negative or beyond the session's version.
    @concurrent
    public func state(of session: String, at version: Int64) async throws -> SessionState {
        try Self.requireSession(session, operation: "state(at:)")
        let recorded = try await backend.readStream(session, after: 0, through: max(0, version), limit: nil, descending: false)
        if version > 0, recorded.first?.version != 1, let base = try await replayBase(
            session, through: version, allowingBase: true, operation: "state(at:)") {
            // Carried across a prune's cut: from the carried state, through `version`.
            let kept = recorded.filter { $0.version > base.version }
            if base.version + Int64(kept.count) == version {
                return Replay.steps(session: session, try Replay.decode(kept, after: base.version, keys: backend.subjectKeys), from: base.state)
                    .last?.state ?? base.state
            }
        }
        if recorded.isEmpty, version <= 0 { try await refuseIfPruned(session, operation: "state(at:)") }
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
