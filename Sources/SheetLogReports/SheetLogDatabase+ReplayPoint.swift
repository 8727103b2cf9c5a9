import SheetLog

extension SheetLogDatabase {
    /// The version of `session` that `point` names: a version as given, a time the last version whose
    /// event's time (the app's clock) is at or before it.
    ///
    /// ``SheetLogError/Code/notFound`` for an unknown session, a version past its end (the message names
    /// the version as `label` does: `--at 7`, `version 7`) and a time before its first event.
    package func version(of session: String, at point: ReplayPoint, label: String, operation: String) async throws -> Int64 {
        let versions = try await requireSession(session, operation: operation)
        switch point {
        case .version(let version):
            guard version <= versions else {
                throw SheetLogError(
                    .notFound, "session \(session) has \(versions) \(versions == 1 ? "version" : "versions"); \(label) \(version) is past its end",
                    context: .init(stream: session, actualVersion: versions, operation: operation))
            }
            return version
        case .time(let time):
            // Times come from the app's clock and need not grow with the version: every event is looked at.
            let recorded = try await backend.readStream(session, after: 0, through: nil, limit: nil, descending: false)
            var found: Int64?
            for event in recorded {
                if let at = event.occurredAt, at <= time { found = event.version }
            }
            guard let found else {
                // Before the kept log of a session a prune carried: those events are gone.
                if recorded.first.map({ $0.version > 1 }) ?? true {
                    switch try await backend.base(of: session) {
                    case .carried(let carried):
                        throw carried.error("it has no kept event at or before \(TimeText.describe(time))", operation: operation)
                    case .pruned(let pruning): throw pruning.error(operation: operation)
                    case nil: break
                    }
                }
                let first = recorded.compactMap(\.occurredAt).min()
                throw SheetLogError(
                    .notFound, "session \(session) has no event at or before \(TimeText.describe(time))"
                        + (first.map { " (its first is at \(TimeText.describe($0)))" } ?? ""),
                    context: .init(stream: session, actualVersion: versions, operation: operation))
            }
            return found
        }
    }
}
