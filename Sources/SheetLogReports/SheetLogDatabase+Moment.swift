import SheetLog

extension SheetLogDatabase {
    /// The step of `session` at the version `point` names (its last when nil) and the state before it:
    /// `sheetlog state`, and the viewer's state endpoint and panel. Refused as
    /// ``version(of:at:label:operation:)`` refuses `point`.
    package func replayMoment(_ session: String, at point: ReplayPoint?, label: String, operation: String) async throws -> ReplayMoment {
        try await replayMoment(session, at: try await version(of: session, at: point, label: label, operation: operation))
    }

    /// ``replayMoment(_:at:label:operation:)`` with the sealed values opened by the keys `keys` gives.
    package func replayMoment(
        _ session: String, at point: ReplayPoint?, label: String, operation: String, keys: (Set<String>) async throws -> [String: SubjectKey]
    ) async throws -> ReplayMoment {
        try await replayMoment(session, at: try await version(of: session, at: point, label: label, operation: operation), keys: keys)
    }

    /// The version `point` names, the session's last when nil.
    private func version(of session: String, at point: ReplayPoint?, label: String, operation: String) async throws -> Int64 {
        guard let point else { return try await requireSession(session, operation: operation) }
        return try await version(of: session, at: point, label: label, operation: operation)
    }
}
